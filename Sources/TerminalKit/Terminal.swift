public enum TerminalKitPlaceholder {}
