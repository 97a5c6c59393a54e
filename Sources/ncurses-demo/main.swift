#if canImport(Glibc)
    import Glibc
#endif
import NCursesTerminal

exit(NCursesDemo.run(arguments: Array(CommandLine.arguments.dropFirst())))
