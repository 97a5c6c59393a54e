public enum ExplorerPlaceholder {}
