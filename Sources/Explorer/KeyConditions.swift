/// The condition sets of the usual states, made once: `Keymap.conditions` answers one of
/// these for every key outside a lesson, an overlay or a detached attendee (issue 36: the
/// set was built, hashed and freed on every key).
enum KeyConditions {
    static let flat: Set<Binding.Condition> = [.flat]
    static let exploded: Set<Binding.Condition> = [.exploded]
}
