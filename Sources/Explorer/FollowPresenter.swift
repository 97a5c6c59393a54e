/// The presenter's side of follow mode, without I/O: which records a key sends, decided
/// from the state and the presenter's mirror of the feed (`ExplorerState.lastShared`). The
/// runtime only writes the records it is given (`FeedWriter`, FollowLoop.swift).
extension Follow {
    /// After a key: the commands it ran and the view after it, as `act` records — none when
    /// it ran no command and the view is as last sent (a clock tick is not news: attendees run
    /// their own clock), nor while the presenter's own moments show (help, the `:` line, the
    /// quit question: what they run travels once they end). Takes the journal's commands
    /// (`.journalSent`) and remembers the view sent. An act carries at most
    /// `FeedPolicy.commandLimit` commands (a long --script: several, the view on the last).
    /// `wall`: the wall clock, read for each record.
    public static func acts(after state: inout ExplorerState, nowBefore: Double, wall: () -> Double) -> [FeedRecord] {
        switch state.mode {
        case .help, .command, .confirmQuit: return []
        default: break
        }
        let commands = (state.journal ?? []).filter(travels).map(\.text)
        _ = Reducer.reduce(&state, .journalSent)
        let sync = FollowSync(state)
        var unclocked = sync
        unclocked.now = state.lastShared?.now ?? sync.now
        if commands.isEmpty, unclocked == state.lastShared { return [] }
        var chunks = stride(from: 0, to: commands.count, by: FeedPolicy.commandLimit).map {
            Array(commands[$0..<min(commands.count, $0 + FeedPolicy.commandLimit)])
        }
        if chunks.isEmpty { chunks = [[]] }
        var records: [FeedRecord] = []
        for (i, chunk) in chunks.enumerated() {
            let last = i == chunks.count - 1
            records.append(FeedRecord(kind: .act, now: i == 0 ? nowBefore : nil, commands: chunk, sync: last ? sync : nil, wall: wall()))
        }
        state.lastShared = sync
        return records
    }

    /// A `scene` record went out (a load, a reload, the feed starting over): the next act
    /// carries the view whatever it is.
    public static func sceneShared(_ state: inout ExplorerState) {
        state.lastShared = nil
    }
}
