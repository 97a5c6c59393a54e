#if canImport(Glibc)
    import Glibc
    import Explorer

    /// Watches one file with inotify, so an idle explorer sleeps until the file changes
    /// instead of looking at it every 300 ms.
    ///
    /// Two watches: the file's folder (editors save by writing a new file and renaming it
    /// over the old one: `IN_MOVED_TO`/`IN_CREATE`/`IN_CLOSE_WRITE` for that name), and
    /// the file itself, through symlinks (`IN_CLOSE_WRITE`, `IN_ATTRIB`, …), re-added after
    /// every change because a rename leaves the old watch on a deleted inode. What woke us
    /// is only a hint: the run loop still compares the file's stamp (mtime, size).
    final class FileWatcher {
        let path: String
        /// The inotify descriptor (non-blocking); readable when something happened.
        let descriptor: Int32
        private let name: String

        /// Nil when inotify is unavailable (then the run loop polls).
        init?(path: String) {
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { return nil }
            self.path = path
            descriptor = fd
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
            name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            let folderEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)
            guard inotify_add_watch(fd, folder, folderEvents) >= 0 else {
                close(fd)
                return nil
            }
            watchFile()
        }

        deinit { close(descriptor) }

        private func watchFile() {
            let fileEvents = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
            // Fails while the file is missing (deleted mid-save): the folder watch sees it return.
            _ = inotify_add_watch(descriptor, path, fileEvents)
        }

        /// Reads every pending event; true when one concerned the file (an event on the file's
        /// own watch, or one in its folder under its name).
        func drain() -> Bool {
            var concerned = false
            let capacity = 4096
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
            defer { buffer.deallocate() }
            while true {
                let count = read(descriptor, buffer, capacity)
                guard count > 0 else { break }
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                    if length == 0 {
                        concerned = true
                    } else {
                        let start = buffer.advanced(by: offset + header).assumingMemoryBound(to: CChar.self)
                        if String(cString: start) == name { concerned = true }
                    }
                    offset += header + length
                }
            }
            if concerned { watchFile() }
            return concerned
        }
    }
#endif
