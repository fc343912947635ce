/* The Great Fire's compiled observation writer: GreatFireEncoder.write_state in C.
 *
 * It writes the whole vector of one seat into a zeroed float32 buffer, reading the same state fields as the
 * Python fast path (src/firebreak/games/great_fire/encode.py) and computing each number with the same double
 * expression, so the two agree bit for bit; the tests compare them for every seat at every step of random games.
 * Like the fast path it reads a rival's hand, tokens and objectives only as the view shows them (hand size, cards
 * shown, tokens held, public score) and a rival's colour only when the view shows it. Every number about the board
 * and the rules (sizes, offsets, phases, victory points) comes from Python in the constructor.
 */
#include "encode_c.h"

enum {
    /* the layout, in GreatFireEncoder._layout()'s order (encode.LAYOUT_FIELDS, then per_seat) */
    L_LANDOWNERS, L_PHASE, L_TO_ACT, L_TURN, L_AP, L_CARD, L_INTENSIFY, L_STOCK, L_DECK, L_STACK, L_UNTIL, L_BOX,
    L_DISCARDS, L_FINAL, L_LOST, L_HERO, L_HAND, L_TOKENS, L_VP, L_SURVIVING, L_SCORE, L_SEATS, L_PER_SEAT,
    /* then the constants */
    K_SIZE, K_PLAYERS, K_DISTRICTS, K_COLOURS, K_DIRS, K_STACK, K_STACK_CARDS, K_TOKEN_KINDS, K_P_OVER, K_P_BAND,
    K_P_OWNER, K_TRACK_START, K_HOUSE_VP, K_HERO_VP, K_ONE_VP,
    N_PARAMS
};

static const char *const PARAM_NAMES[N_PARAMS] = {
    "district.landowners", "phase", "to_act", "turn", "action_points", "card_played", "intensify_left", "stock",
    "deck_size", "fire_stack_left", "cards_until_intensify", "cards_in_box", "discards", "final_turns_left",
    "houses_lost", "hero_of_london", "my_hand", "my_tokens", "my_objectives", "my_objectives_surviving",
    "my_score", "seat[0].colour", "per_seat", "size", "players", "districts", "colours", "directions", "stack",
    "stack_cards", "token_kinds", "phase_over", "phase_band", "phase_owner", "house_track_start", "house_vp",
    "hero_vp", "one_vp",
};

enum {
    A_FIRE, A_BANDS, A_DEMOLISHED, A_TOKEN, A_HOUSES, A_PHASE, A_SETUP_BANDS, A_SETUP_OWNERS, A_PLAYER, A_TURN,
    A_AP, A_CARD, A_INTENSIFY_LEFT, A_STOCK, A_DECK, A_BOX, A_DISCARDS, A_FINAL_TURNS, A_LOST, A_HERO, A_HANDS,
    A_HELD, A_OBJECTIVES, A_OPTIONS, A_COLOUR, A_PUT_OUT, A_KNOWN, A_LANDOWNER, A_HIDDEN_COLOURS, N_NAMES
};

static const char *const ATTR_NAMES[N_NAMES] = {
    "fire", "bands", "demolished", "token", "houses", "phase", "setup_bands", "setup_owners", "player", "turn",
    "ap", "card", "intensify_left", "stock", "deck", "box", "discards", "final_turns", "lost", "hero", "hands",
    "held", "objectives", "options", "colour", "put_out", "known", "landowner", "hidden_colours",
};

static PyObject *NAMES[N_NAMES];

#define MAX_KINDS 64 /* colours, directions, token kinds and Fire Stack cards each fit (checked at construction) */

typedef struct {
    PyObject_HEAD
    long p[N_PARAMS];
    long *objective_vp; /* victory points of an objective on each district */
} Encoder;

static void Encoder_dealloc(Encoder *self)
{
    PyMem_Free(self->objective_vp);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Encoder(params, objective_vp): params is a dict naming every constant in PARAM_NAMES; objective_vp a sequence
 * of ints, one per district. */
static int Encoder_init(Encoder *self, PyObject *args, PyObject *kwargs)
{
    PyObject *params, *vp;
    if (!PyArg_ParseTuple(args, "O!O:Encoder", &PyDict_Type, &params, &vp))
        return -1;
    for (int i = 0; i < N_PARAMS; i++) {
        PyObject *value = PyDict_GetItemString(params, PARAM_NAMES[i]);
        if (value == NULL) {
            PyErr_Format(PyExc_KeyError, "the Great Fire's compiled encoder needs %s", PARAM_NAMES[i]);
            return -1;
        }
        if (fb_as_long(value, &self->p[i]) < 0)
            return -1;
    }
    long *p = self->p;
    if (p[K_PLAYERS] < 1 || p[K_DISTRICTS] < 1 || p[K_COLOURS] < 1 || p[K_COLOURS] > MAX_KINDS ||
        p[K_DIRS] < 1 || p[K_DIRS] > MAX_KINDS || p[K_TOKEN_KINDS] < 1 || p[K_TOKEN_KINDS] > MAX_KINDS ||
        p[K_STACK_CARDS] < 0 || p[K_STACK_CARDS] > MAX_KINDS || p[K_SIZE] < 1) {
        PyErr_SetString(PyExc_ValueError, "the Great Fire's compiled encoder was given sizes out of range");
        return -1;
    }
    PyObject *seq = PySequence_Fast(vp, "objective_vp must be a sequence of ints");
    if (seq == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != p[K_DISTRICTS]) {
        PyErr_SetString(PyExc_ValueError, "objective_vp must give one number per district");
        Py_DECREF(seq);
        return -1;
    }
    PyMem_Free(self->objective_vp);
    self->objective_vp = PyMem_Calloc((size_t)p[K_DISTRICTS], sizeof(long));
    if (self->objective_vp == NULL) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t d = 0; d < p[K_DISTRICTS]; d++) {
        if (fb_as_long(PySequence_Fast_GET_ITEM(seq, d), &self->objective_vp[d]) < 0) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

static inline long mod(long a, long n)
{
    long r = a % n;
    return r < 0 ? r + n : r;
}

/* The state's lists, read once per call (new references, released together). */
typedef struct {
    PyObject *v[N_NAMES];
} Fields;

static void release(Fields *f)
{
    for (int i = 0; i < N_NAMES; i++)
        Py_XDECREF(f->v[i]);
}

static const int LISTS[] = {A_FIRE, A_BANDS, A_DEMOLISHED, A_TOKEN, A_HOUSES, A_SETUP_BANDS, A_SETUP_OWNERS,
                            A_DECK, A_BOX, A_DISCARDS, A_LOST, A_HANDS, A_HELD, A_OBJECTIVES, A_COLOUR, A_PUT_OUT,
                            A_KNOWN, A_LANDOWNER};

/* list[i] must be a list of length at least `size` (a per-seat or per-district table) */
static PyObject *table_row(PyObject *list, long i, long size)
{
    PyObject *row = fb_list_item_list(list, i);
    if (row != NULL && PyList_GET_SIZE(row) < size) {
        PyErr_Format(PyExc_ValueError, "a game state row holds %zd numbers, %ld expected", PyList_GET_SIZE(row),
                     size);
        return NULL;
    }
    return row;
}

#define TRY(x)            \
    do {                  \
        if ((x) < 0)      \
            goto fail;    \
    } while (0)

static int write_observation(Encoder *self, PyObject *s, long viewer, fb_out *w)
{
    const long *p = self->p;
    const long n = p[K_PLAYERS], D = p[K_DISTRICTS], C = p[K_COLOURS], DIRS = p[K_DIRS];
    Fields f = {{NULL}};
    long phase, player, turn, ap, card, intensify_left, stock, final_turns, hero, x;
    for (size_t i = 0; i < sizeof LISTS / sizeof LISTS[0]; i++) {
        if ((f.v[LISTS[i]] = fb_list_attr(s, NAMES[LISTS[i]])) == NULL)
            goto fail;
    }
    PyObject *fire = f.v[A_FIRE], *bands = f.v[A_BANDS], *demolished = f.v[A_DEMOLISHED], *token = f.v[A_TOKEN],
             *houses = f.v[A_HOUSES], *lost = f.v[A_LOST], *hands = f.v[A_HANDS], *held = f.v[A_HELD],
             *colour = f.v[A_COLOUR], *put_out = f.v[A_PUT_OUT], *known = f.v[A_KNOWN],
             *landowner = f.v[A_LANDOWNER];
    TRY(fb_long_attr(s, NAMES[A_PHASE], &phase));
    TRY(fb_long_attr(s, NAMES[A_PLAYER], &player));
    TRY(fb_long_attr(s, NAMES[A_TURN], &turn));
    TRY(fb_long_attr(s, NAMES[A_AP], &ap));
    TRY(fb_long_attr(s, NAMES[A_CARD], &card));
    TRY(fb_long_attr(s, NAMES[A_INTENSIFY_LEFT], &intensify_left));
    TRY(fb_long_attr(s, NAMES[A_STOCK], &stock));
    TRY(fb_long_attr(s, NAMES[A_FINAL_TURNS], &final_turns));
    TRY(fb_long_attr(s, NAMES[A_HERO], &hero));

    /* the board: fire, contained, demolished, token, trained bands, then the houses by colour */
    const long houses_at = p[L_LANDOWNERS] - D * C;
    for (long d = 0; d < D; d++) {
        long fd, b, t;
        TRY(fb_list_long(fire, d, &fd));
        TRY(fb_list_long(bands, d, &b));
        if (fd)
            TRY(fb_put(w, d, fd * 0.1));
        if (0 < fd && fd <= b)
            TRY(fb_put(w, D + d, 1.0));
        int demo = fb_list_truth(demolished, d);
        TRY(demo);
        if (demo)
            TRY(fb_put(w, 2 * D + d, 1.0));
        TRY(fb_list_long(token, d, &t));
        if (t >= 0)
            TRY(fb_put(w, 3 * D + d, 1.0));
        if (b)
            TRY(fb_put(w, 4 * D + d, b * (1.0 / 3)));
        PyObject *here = fb_list_item_list(houses, d);
        if (here == NULL)
            goto fail;
        double counts[MAX_KINDS];
        for (long c = 0; c < C; c++) /* only the colours in play: zeroing the whole array costs more than the rest */
            counts[c] = 0.0;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(here); i++) {
            TRY(fb_list_long(here, i, &x));
            if (x < 0 || x >= C) {
                PyErr_Format(PyExc_ValueError, "a house of colour %ld is not on the board", x);
                goto fail;
            }
            counts[x] += 0.25;
        }
        for (long c = 0; c < C; c++) {
            if (counts[c])
                TRY(fb_put(w, houses_at + d * C + c, counts[c]));
        }
    }

    /* the head: phase, seat to act, turn, action points, card played, intensify, stock */
    TRY(fb_put(w, p[L_PHASE] + phase, 1.0));
    long to_act = player;
    if (phase == p[K_P_OVER])
        to_act = -1;
    else if (phase == p[K_P_BAND])
        TRY(fb_list_long(f.v[A_SETUP_BANDS], 0, &to_act));
    else if (phase == p[K_P_OWNER])
        TRY(fb_list_long(f.v[A_SETUP_OWNERS], 0, &to_act));
    if (to_act >= 0)
        TRY(fb_put(w, p[L_TO_ACT] + mod(to_act - viewer, n), 1.0));
    if (turn)
        TRY(fb_put(w, p[L_TURN], (double)turn / 30));
    if (ap)
        TRY(fb_put(w, p[L_AP], (double)ap / 3));
    if (card >= 0)
        TRY(fb_put(w, p[L_CARD] + card, 1.0));
    if (intensify_left)
        TRY(fb_put(w, p[L_INTENSIFY], (double)intensify_left / 5));
    if (stock)
        TRY(fb_put(w, p[L_STOCK], (double)stock / 30));

    /* the piles: the deck (its size without the Fire Stack cards, the Fire Stack cards in it, the cards above
     * the top one), the box, the discards, the last turns and the houses lost */
    PyObject *deck = f.v[A_DECK];
    const Py_ssize_t cards = PyList_GET_SIZE(deck);
    Py_ssize_t stack_cards = 0, until = cards;
    for (Py_ssize_t i = 0; i < cards; i++) {
        TRY(fb_list_long(deck, i, &x));
        if (x >= p[K_STACK]) {
            if (x - p[K_STACK] >= p[K_STACK_CARDS]) {
                PyErr_Format(PyExc_ValueError, "the deck holds a card %ld that is not in the game", x);
                goto fail;
            }
            stack_cards++;
            TRY(fb_put(w, p[L_STACK] + x - p[K_STACK], 1.0));
            until = cards - 1 - i; /* the last (topmost) one wins */
        }
    }
    if (cards - stack_cards)
        TRY(fb_put(w, p[L_DECK], (double)(cards - stack_cards) / 30));
    if (until)
        TRY(fb_put(w, p[L_UNTIL], (double)until / 10));
    if (PyList_GET_SIZE(f.v[A_BOX]))
        TRY(fb_put(w, p[L_BOX], (double)PyList_GET_SIZE(f.v[A_BOX]) / 20));
    {
        long counts[MAX_KINDS] = {0};
        PyObject *pile = f.v[A_DISCARDS];
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(pile); i++) {
            TRY(fb_list_long(pile, i, &x));
            if (x >= 0 && x < DIRS)
                counts[x]++;
        }
        for (long c = 0; c < DIRS; c++) {
            if (counts[c])
                TRY(fb_put(w, p[L_DISCARDS] + c, counts[c] * (1.0 / 10)));
        }
    }
    if (final_turns >= 0)
        TRY(fb_put(w, p[L_FINAL], 1.0));
    if (final_turns > 0)
        TRY(fb_put(w, p[L_FINAL] + 1, (double)final_turns / 10));
    for (long c = 0; c < C; c++) {
        TRY(fb_list_long(lost, c, &x));
        if (x)
            TRY(fb_put(w, p[L_LOST] + c, x * (1.0 / 20)));
    }
    if (hero >= 0)
        TRY(fb_put(w, p[L_HERO] + mod(hero - viewer, n), 1.0));

    /* the viewer's own hand, tokens, objectives and score */
    PyObject *hand = table_row(hands, viewer, DIRS);
    if (hand == NULL)
        goto fail;
    for (long dr = 0; dr < DIRS; dr++) {
        TRY(fb_list_long(hand, dr, &x));
        if (x)
            TRY(fb_put(w, p[L_HAND] + dr, x * (1.0 / 5)));
    }
    PyObject *mine = fb_list_item_list(held, viewer);
    if (mine == NULL)
        goto fail;
    long one_vp_tokens = 0;
    {
        long counts[MAX_KINDS] = {0};
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(mine); i++) {
            TRY(fb_list_long(mine, i, &x));
            if (x < 0 || x >= p[K_TOKEN_KINDS]) {
                PyErr_Format(PyExc_ValueError, "a token of kind %ld is not in the game", x);
                goto fail;
            }
            counts[x]++;
            one_vp_tokens += x == p[K_ONE_VP];
        }
        for (long t = 0; t < p[K_TOKEN_KINDS]; t++) {
            if (counts[t])
                TRY(fb_put(w, p[L_TOKENS] + t, (double)counts[t]));
        }
    }
    long objectives_vp = 0;
    PyObject *objectives = fb_list_item_list(f.v[A_OBJECTIVES], viewer);
    if (objectives == NULL)
        goto fail;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(objectives); i++) {
        long d, fd, b;
        TRY(fb_list_long(objectives, i, &d));
        if (d < 0 || d >= D) {
            PyErr_Format(PyExc_ValueError, "an objective names district %ld, which is not on the board", d);
            goto fail;
        }
        long vp = self->objective_vp[d];
        if (vp)
            TRY(fb_put(w, p[L_VP] + d, (double)vp / 6));
        PyObject *here = fb_list_item_list(houses, d);
        if (here == NULL)
            goto fail;
        TRY(fb_list_long(fire, d, &fd));
        TRY(fb_list_long(bands, d, &b));
        if (PyList_GET_SIZE(here) && !(fd > b)) { /* state.objective_survived */
            TRY(fb_put(w, p[L_SURVIVING] + d, 1.0));
            objectives_vp += vp;
        }
    }

    /* each seat's block, the viewer first, and its landowner in the board's landowners block */
    int colours_public = phase == p[K_P_OVER];
    if (!colours_public) {
        PyObject *options = PyObject_GetAttr(s, NAMES[A_OPTIONS]);
        if (options == NULL)
            goto fail;
        PyObject *hidden = PyObject_GetItem(options, NAMES[A_HIDDEN_COLOURS]);
        Py_DECREF(options);
        if (hidden == NULL)
            goto fail;
        int h = PyObject_IsTrue(hidden);
        Py_DECREF(hidden);
        TRY(h);
        colours_public = !h;
    }
    long owner_at = p[L_SEATS] + C + 1; /* the landowner one-hot, in the first seat's block */
    for (long k = 0; k < n; k++) {
        long seat = viewer + k, c, lost_c, out, d;
        if (seat >= n)
            seat -= n;
        TRY(fb_list_long(colour, seat, &c));
        if (c < 0 || c >= C) {
            PyErr_Format(PyExc_ValueError, "seat %ld has colour %ld, which is not in the game", seat, c);
            goto fail;
        }
        TRY(fb_list_long(lost, c, &lost_c));
        TRY(fb_list_long(put_out, seat, &out));
        long pub = p[K_TRACK_START] - p[K_HOUSE_VP] * lost_c + out + (hero == seat ? p[K_HERO_VP] : 0);
        int shown = colours_public || k == 0;
        TRY(fb_put(w, owner_at - C - 1 + (shown ? c : C), 1.0));
        TRY(fb_list_long(landowner, seat, &d));
        if (0 <= d && d < D) {
            TRY(fb_put(w, owner_at + d, 1.0));
            TRY(fb_put(w, p[L_LANDOWNERS] + d * n + k, 1.0));
        }
        long at = owner_at + D, hand_size = 0;
        PyObject *row = table_row(hands, seat, DIRS);
        if (row == NULL)
            goto fail;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(row); i++) {
            TRY(fb_list_long(row, i, &x));
            hand_size += x;
        }
        if (hand_size)
            TRY(fb_put(w, at, (double)hand_size / 10));
        row = table_row(known, seat, DIRS);
        if (row == NULL)
            goto fail;
        for (long dr = 0; dr < DIRS; dr++) {
            TRY(fb_list_long(row, dr, &x));
            if (x)
                TRY(fb_put(w, at + 1 + dr, x * (1.0 / 5)));
        }
        at += 1 + DIRS;
        PyObject *tokens = fb_list_item_list(held, seat);
        if (tokens == NULL)
            goto fail;
        if (PyList_GET_SIZE(tokens))
            TRY(fb_put(w, at, (double)PyList_GET_SIZE(tokens) / 5));
        if (out)
            TRY(fb_put(w, at + 1, (double)out / 10));
        if (hero == seat)
            TRY(fb_put(w, at + 2, 1.0));
        if (shown && pub)
            TRY(fb_put(w, at + 3, (double)pub / 50));
        if (k == 0) {
            long total = pub + objectives_vp + one_vp_tokens;
            if (total)
                TRY(fb_put(w, p[L_SCORE], (double)total / 50));
        }
        owner_at += p[L_PER_SEAT];
    }
    release(&f);
    return 0;
fail:
    release(&f);
    return -1;
}

static PyObject *Encoder_write(Encoder *self, PyObject *const *args, Py_ssize_t nargs)
{
    long viewer;
    Py_buffer buf;
    fb_out w;
    if (fb_write_begin(args, nargs, self->p[K_PLAYERS], self->p[K_SIZE], &viewer, &buf, &w) < 0)
        return NULL;
    return fb_write_end(&buf, &w, write_observation(self, args[0], viewer, &w));
}

static PyMethodDef Encoder_methods[] = {
    {"write", (PyCFunction)(void (*)(void))Encoder_write, METH_FASTCALL,
     "write(state, viewer, out): seat viewer's observation of state into out, a zeroed float32 buffer"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EncoderType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "firebreak.games.great_fire._encode.Encoder",
    .tp_basicsize = sizeof(Encoder),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The Great Fire's compiled observation writer (see GreatFireEncoder.write_state).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Encoder_init,
    .tp_dealloc = (destructor)Encoder_dealloc,
    .tp_methods = Encoder_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_encode", "The Great Fire's compiled observation writer.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__encode(void)
{
    return fb_module_create(&module, &EncoderType, ATTR_NAMES, NAMES, N_NAMES);
}
