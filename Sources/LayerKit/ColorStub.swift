// TEMPORARY until the layout-file branch lands (Color+CSS.swift replaces this).
extension Color {
    public init?(css: String) {
        switch css { case "red": self.init(red: 255, green: 0, blue: 0); case "black": self.init(red: 0, green: 0, blue: 0); default: return nil }
    }
    public static var cssNames: [String] { ["red", "black"] }
}
