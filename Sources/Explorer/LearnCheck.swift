extension ExplorerState {
    /// True in `layerscope learn`. Asked by its case, not as `learn != nil`: `LearnState` is
    /// Equatable, so `!=` compared two optionals, copying the whole lesson state (every array,
    /// set and string retained, then released) on every key (issue 36).
    var isLearning: Bool {
        if case .none = learn { return false }
        return true
    }
}
