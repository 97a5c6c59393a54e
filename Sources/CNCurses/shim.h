// The part of ncursesw that Swift sees. Only NCursesTerminal imports this module.
//
// SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600, and without it curses.h hides
// cchar_t, setcchar and get_wch: define the wide-character switch ourselves, before
// any system header.
//
// Everything Swift cannot import (function-like macros, macros built from other
// macros, global mutable variables that Swift 6 rejects) is wrapped below in a
// `static inline` function named `cn_...`. Never hard-code these values on the Swift
// side: the mouse masks, for one, differ between ncurses mouse versions.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <langinfo.h>
#include <locale.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// MARK: - Screens and windows

/// Starts ncurses on the process's standard output and input for terminal type `type`
/// (NULL: $TERM). Answers NULL for an unknown type, where initscr would exit the process.
static inline SCREEN *cn_newterm_stdio(const char *type) { return newterm(type, stdout, stdin); }
static inline WINDOW *cn_stdscr(void) { return stdscr; }

// MARK: - Window geometry (getmaxyx is a macro)

static inline int cn_rows(WINDOW *window) { return getmaxy(window); }
static inline int cn_columns(WINDOW *window) { return getmaxx(window); }

// MARK: - Globals Swift 6 rejects as shared mutable state

static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

// MARK: - Attributes (A_* are macros built from NCURSES_BITS)

static inline attr_t cn_attr_normal(void) { return A_NORMAL; }
static inline attr_t cn_attr_bold(void) { return A_BOLD; }
static inline attr_t cn_attr_dim(void) { return A_DIM; }
static inline attr_t cn_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cn_attr_underline(void) { return A_UNDERLINE; }

// MARK: - Keys

static inline int cn_key_f(int n) { return KEY_F(n); }
static inline int cn_key_f_max(void) { return 63; }

// MARK: - Mouse masks (values differ between NCURSES_MOUSE_VERSION 1 and 2)

static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cn_button2_pressed(void) { return BUTTON2_PRESSED; }
static inline mmask_t cn_button2_released(void) { return BUTTON2_RELEASED; }
static inline mmask_t cn_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t cn_button3_released(void) { return BUTTON3_RELEASED; }
/// A press and release that ncurses merged (they arrived together): clicked, double- and
/// triple-clicked, for buttons 1 to 3.
static inline mmask_t cn_button_clicked(int button) {
    return button == 1 ? BUTTON1_CLICKED : button == 2 ? BUTTON2_CLICKED : BUTTON3_CLICKED;
}
static inline mmask_t cn_button_double_clicked(int button) {
    return button == 1 ? BUTTON1_DOUBLE_CLICKED : button == 2 ? BUTTON2_DOUBLE_CLICKED : BUTTON3_DOUBLE_CLICKED;
}
static inline mmask_t cn_button_triple_clicked(int button) {
    return button == 1 ? BUTTON1_TRIPLE_CLICKED : button == 2 ? BUTTON2_TRIPLE_CLICKED : BUTTON3_TRIPLE_CLICKED;
}
/// The wheel: ncurses reports scrolling up as button 4 and down as button 5, pressed.
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t cn_button_shift(void) { return BUTTON_SHIFT; }
static inline mmask_t cn_button_ctrl(void) { return BUTTON_CTRL; }
static inline mmask_t cn_button_alt(void) { return BUTTON_ALT; }
static inline mmask_t cn_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t cn_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }

/// Reads the pending mouse event; returns OK or ERR. Fields are copied out so Swift
/// need not know MEVENT's layout.
static inline int cn_getmouse(int *x, int *y, mmask_t *bstate) {
    MEVENT event;
    int result = getmouse(&event);
    if (result == OK) {
        *x = event.x;
        *y = event.y;
        *bstate = event.bstate;
    }
    return result;
}

// MARK: - Colors

static inline int cn_color_pair_attr(int pair) { return (int)COLOR_PAIR(pair); }

// MARK: - Cells

/// Writes one cell at (y, x): a base character plus up to four combining characters,
/// with attributes and an extended color pair (passed through setcchar's `opts`, the
/// ncurses 6.1 extension, so pairs above 32767 work). Returns OK or ERR; writing the
/// bottom-right cell of a non-scrolling window answers ERR after drawing it.
static inline int cn_put_cell(WINDOW *window, int y, int x, const uint32_t *scalars, int count,
                              attr_t attributes, int pair) {
    wchar_t text[CCHARW_MAX + 1];
    int n = count < CCHARW_MAX ? count : CCHARW_MAX;
    for (int i = 0; i < n; i++) text[i] = (wchar_t)scalars[i];
    text[n] = L'\0';
    cchar_t cell;
    if (setcchar(&cell, text, attributes, 0, &pair) != OK) return ERR;
    return mvwadd_wch(window, y, x, &cell);
}

// MARK: - terminfo

/// A terminfo string capability such as "rmcup", or NULL when the terminal has none
/// (tigetstr's (char *)-1 for "not a string capability" also answers NULL).
static inline const char *cn_tigetstr(const char *name) {
    char *value = tigetstr(name);
    if (value == (char *)-1) return NULL;
    return value;
}

/// Writes a control string through ncurses's own output, so it stays in order with it.
static inline int cn_putp(const char *string) { return putp(string); }

// MARK: - The tty

/// The tty's size from the kernel (ioctl is variadic, which Swift cannot call).
/// Returns 0 and sets rows and columns, or -1.
static inline int cn_tty_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

// MARK: - Memory

#ifdef __GLIBC__
#include <malloc.h>
#endif

/// Every key press renders a frame that allocates and frees a few large buffers (canvases,
/// sample grids: hundreds of KB at 200×60). glibc would hand the top of the heap back to
/// the kernel after each frame and page-fault it back in on the next (about 30 faults a
/// key). Keep freed memory up to 64 MB and serve blocks below 32 MB from the heap, not
/// fresh mmaps (setting one turns off glibc's own adjustment of both, so both are set).
static inline void cn_keep_freed_memory(void) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

// MARK: - Locale

/// The character encoding of the current locale ("UTF-8", "ANSI_X3.4-1968", ...).
/// Call after setlocale(LC_ALL, "").
static inline const char *cn_codeset(void) { return nl_langinfo(CODESET); }

#endif
