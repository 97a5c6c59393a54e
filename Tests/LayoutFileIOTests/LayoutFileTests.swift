import Foundation
import Scenes
import Geometry
import Testing
import TestSupport
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import LayoutFileIO

/// A layout file read from and written to disk (`LayoutFile.load(contentsOf:)`,
/// `LayoutFile.write`): the file side of LayoutFilesTests' `LayoutFileTests`.
@Suite struct LayoutFileTests {
    @Test func aMissingFileIsAnErrorAtLineOne() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/nothing.json"
        let e = try #require(throws: LayoutError.self) { try LayoutFile.load(contentsOf: path) }
        #expect(e == LayoutError(file: path, line: 1, column: 1, message: "cannot open the file: no such file"))
    }

    @Test func aDirectoryIsAnErrorNotACrash() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path + "/d.json", withIntermediateDirectories: false)
        let e = try #require(throws: LayoutError.self) { try LayoutFile.load(contentsOf: dir.path + "/d.json") }
        #expect(e.message == "cannot read the file: it is a directory")
    }

    @Test func anUnknownExtensionIsAnError() throws {
        let e = try #require(throws: LayoutError.self) { try LayoutFile.load(contentsOf: "/tmp/layout.txt") }
        #expect(e.message.contains(".json, .yaml or .yml"))
    }

    @Test(arguments: ["scene.json", "scene.yaml"])
    func writeThenLoadGivesTheSameSceneAndLeavesNoTemporaryFile(_ name: String) throws {
        let dir = try TemporaryDirectory()
        let scene = try LayoutFile.parse(Fixtures.richJSON, file: "rich.json", format: .json)
        let path = dir.path + "/" + name
        try LayoutFile.write(scene, to: path)
        try LayoutFile.write(scene, to: path)
        let loaded = try LayoutFile.load(contentsOf: path)
        #expect(loaded.tree == scene.tree)
        #expect(try dir.contents() == [name])
    }

    @Test func writeKeepsTheOldFilesPermissions() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/scene.json"
        try LayoutFile.write(Scene(), to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try LayoutFile.write(Scene(title: "again"), to: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try LayoutFile.load(contentsOf: path).title == "again")
    }

    @Test func writeFollowsASymbolicLink() throws {
        let dir = try TemporaryDirectory()
        try LayoutFile.write(Scene(title: "old"), to: dir.path + "/real.json")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link.json", withDestinationPath: dir.path + "/real.json")
        try LayoutFile.write(Scene(title: "new"), to: dir.path + "/link.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/link.json") == dir.path + "/real.json")
        #expect(try LayoutFile.load(contentsOf: dir.path + "/real.json").title == "new")
    }

    @Test func aWriteWhoseParentIsAFileFailsAndCreatesNothing() throws {
        // Tests run as root, so a read-only directory would not stop the write; a parent that
        // is a regular file does.
        let dir = try TemporaryDirectory()
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: dir.path + "/file"))
        let e = try #require(throws: LayoutError.self) { try LayoutFile.write(Scene(), to: dir.path + "/file/scene.json") }
        #expect(e.message.hasPrefix("cannot save: cannot create a temporary file"))
        #expect(try dir.contents() == ["file"])
        #expect(try String(contentsOfFile: dir.path + "/file", encoding: .utf8) == "not a directory")
    }

    @Test func aFailedRenameLosesNothingAndLeavesNoTemporaryFile() throws {
        // The target is a directory with something in it: the rename fails after the
        // temporary file was fully written and flushed.
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path + "/scene.json", withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: dir.path + "/scene.json/inside"))
        let e = try #require(throws: LayoutError.self) { try LayoutFile.write(Scene(), to: dir.path + "/scene.json") }
        #expect(e.message.hasPrefix("cannot save: cannot replace the file"))
        #expect(try dir.contents() == ["scene.json"])
        #expect(try String(contentsOfFile: dir.path + "/scene.json/inside", encoding: .utf8) == "keep")
    }

    @Test func aSceneThatWouldNotLoadBackIsNotWrittenAndTheOldFileStays() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/scene.json"
        try LayoutFile.write(Scene(title: "old"), to: path)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        var bad = Scene()
        var l = Layer(name: "a")
        l.position = Point(x: .nan, y: 0)
        try bad.tree.add(l)
        let e = try #require(throws: LayoutError.self) { try LayoutFile.write(bad, to: path) }
        #expect(e.message.hasPrefix("cannot save: the scene would not load back"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        #expect(try dir.contents() == ["scene.json"])
    }
}
