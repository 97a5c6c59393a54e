import CommandLanguage
import Synchronization

/// The echo of the last key's command (`r → rotate 15`), kept: a key pressed again echoes
/// the same command, whose text was worked out again on every press (the command's words,
/// its numbers through `NumberText`, an interpolation; issue 36). The text is a function of
/// the key and the command alone, so the kept one is the one that would be made.
struct EchoMemo: Sendable {
    private var key = ""
    private var command: EngineCommand? = nil
    private var text = ""
    /// How many echoes this memo made rather than reused (the tests count it).
    private(set) var made = 0

    /// `key → command.text`.
    mutating func echo(key: String, command: EngineCommand) -> String {
        if key == self.key, let kept = self.command, kept == command { return text }
        made += 1
        text = "\(key) → \(command.text)"
        self.key = key
        self.command = command
        return text
    }

    /// The explorer's one memo, in a class: a `Mutex` held directly by a `static let` was
    /// read before it was set up on this toolchain (6.3.1, release: a crash at the first key).
    private final class Shared: Sendable {
        let memo = Mutex(EchoMemo())
    }
    private static let shared = Shared()

    static func echo(key: String, command: EngineCommand) -> String {
        shared.memo.withLock { $0.echo(key: key, command: command) }
    }
}
