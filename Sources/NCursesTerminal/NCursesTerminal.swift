public enum NCPlaceholder {}
