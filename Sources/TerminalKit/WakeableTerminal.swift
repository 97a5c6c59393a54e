/// A terminal whose wait for input can also end when another descriptor becomes
/// readable, so a program can sleep on both the keyboard and, say, a file watch
/// (inotify) instead of waking on a timer.
public protocol WakeableTerminal: Terminal {
    /// While set, `nextEvent` answers nil (as on a timeout) as soon as this descriptor is
    /// readable; the caller reads it empty. The terminal never reads or closes it.
    var extraWakeDescriptor: Int32? { get set }
}
