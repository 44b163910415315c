/* dialog: an in-window modal box — a title, a message, an optional one-line
 * text field and up to four buttons — for questions such as "Save changes?"
 * and path entry where no native dialog is available. */
#ifndef SHOAL_DIALOG_H
#define SHOAL_DIALOG_H

#include <SDL.h>
#include <stddef.h>

#include "ui/text.h"

#define DIALOG_MAX_BUTTONS 4
#define DIALOG_FIELD_MAX   1024
#define DIALOG_MSG_MAX     1024

/* Called on Tab in the text field: may rewrite field (cap bytes) and move
 * *caret, e.g. to complete a file name. */
typedef void (*DialogCompleteFn)(void *ctx, char *field, size_t cap, size_t *caret);

typedef struct Dialog {
    int open;
    int kind; /* the caller's tag: what the answer is for */
    char title[128];
    char msg[DIALOG_MSG_MAX]; /* lines separated by '\n' */
    int nbuttons;
    char button[DIALOG_MAX_BUTTONS][32];
    int def, cancel; /* the buttons Enter and Esc choose */
    int has_field;
    char field[DIALOG_FIELD_MAX];
    size_t caret; /* byte offset into field */
    DialogCompleteFn complete;
    void *complete_ctx;
    /* Opened by a key that also types (T to talk): its text, coming next,
     * is not the field's. Any key pressed in the box first clears it. */
    int swallow_text;
    int answer;      /* chosen button once closed, -1 none */
    int answer_kind; /* kind of the dialog that gave answer */
    /* Layout of the last draw (output px) for the mouse. */
    SDL_FRect box, btn[DIALOG_MAX_BUTTONS];
    float px_ratio;
    float mx, my;
    int pressed; /* button the left press landed on, -1 none */
} Dialog;

/* A closed dialog. */
void dialog_init(Dialog *d);

/* Open a question: buttons[0..n-1] (n 1..DIALOG_MAX_BUTTONS) left to right;
 * def is what Enter picks, cancel what Esc picks (-1: Esc does nothing).
 * Without a text field each button's first letter is also its key. Any
 * dialog already open is replaced. */
void dialog_open(Dialog *d, int kind, const char *title, const char *msg,
                 const char *const *buttons, int n, int def, int cancel);
/* Give the open dialog a text field holding text, caret at its end;
 * complete (may be NULL) runs on Tab. */
void dialog_set_field(Dialog *d, const char *text, DialogCompleteFn complete, void *ctx);

/* While open, every input event belongs to the dialog: returns 1 (taken)
 * for keys, text, mouse and wheel events, 0 for others (window, quit) and
 * whenever it is closed. A chosen button closes it. */
int dialog_event(Dialog *d, const SDL_Event *ev);

/* Dim the view_w x view_h output and draw the box centred on it;
 * px_ratio is output px per window point (events come in points). */
void dialog_draw(Dialog *d, SDL_Renderer *r, Text *t, int view_w, int view_h, float px_ratio);

/* The button chosen since the last call (and *kind the dialog's tag), or
 * -1 when none was. */
int dialog_take(Dialog *d, int *kind);

#endif
