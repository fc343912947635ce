/* The Brigade's compiled observation writer: BrigadeEncoder.write_state (games/brigade/encode.py) in C.
 *
 * Encoder(layout) is built once per Python encoder from a dict of its constants (field offsets, sizes and the
 * card tables, see BrigadeEncoder._compiled_layout); nothing of the game's data is written here. Its
 * write(state, viewer, out) fills ``out``, a zeroed float32 buffer of the layout's size, with the numbers the
 * Python fast path writes: the same state fields read, the same hidden information left out (the recruit cards
 * drawn are read by name only for the seat that drew them, the decks only by size), each number computed in
 * doubles as the Python expression computes it and cast to float once. Only non-zero numbers are written.
 *
 * Every value read is checked (types, and every index into a table, a cell or a seat), and every write is
 * bounds-checked (fb_put): a corrupt state raises a Python exception and leaves ``out`` zeroed. Nothing is kept
 * between calls. No expression here multiplies and adds in one (so a compiler that fuses them cannot change a
 * result); the only sums are of counts, accumulated in the order the Python code adds them.
 */
#include "encode_c.h"

#include <stddef.h>

/* Limits of this writer's stack arrays (checked when an Encoder is built; the Brigade needs far less). */
#define MAX_SEATS 8
#define MAX_CELLS 256
#define MAX_KINDS 256
#define MAX_AFFILIATIONS 30
#define MAX_TRACKS 8

enum {
    N_ST_AFF, N_ST_VALUE, N_ST_TRACK, N_ST_BIG, N_INTENSITY, N_DESTROYED, N_LOYAL, N_RENOWN, N_BPOS, N_WPOS,
    N_TURN_NUMBER, N_TURN_PLAYER, N_OVER, N_STACK, N_PHASE, N_USED, N_TRACKS, N_BONUS, N_PRECIOUS, N_EVENT_DECK,
    N_EVENT_DISCARD, N_LAST_EVENT, N_CREW_DECK, N_CREW_DISCARD, N_DRAWN, N_DRAWER, N_N_DESTROYED,
    N_N_UNIV_DESTROYED, N_EVAC, N_CREW, N_WB, N_WW, N_FIREHOUSE, N_RENOWN_LEFT, N_LOYALTY_LEFT, N_ADVANCED,
    N_MIMIC, N_NAMES
};

static const char *const NAME_STRINGS[N_NAMES] = {
    "st_aff", "st_value", "st_track", "st_big", "intensity", "destroyed", "loyal", "renown", "bpos", "wpos",
    "turn_number", "turn_player", "over", "stack", "phase", "used", "tracks", "bonus", "precious", "event_deck",
    "event_discard", "last_event", "crew_deck", "crew_discard", "drawn", "drawer", "n_destroyed",
    "n_univ_destroyed", "evac", "crew", "wb", "ww", "firehouse", "renown_left", "loyalty_left", "advanced",
    "mimic",
};

static PyObject *NAMES[N_NAMES];

typedef struct {
    PyObject_HEAD
    PyObject *layout; /* the constructor's dict, kept for pickling */
    /* sizes */
    Py_ssize_t num_players, size, cells, affiliations, renown_slots, event_kinds, crew_kinds, tracks_per_seat;
    Py_ssize_t wagon_track, lead_track;
    /* where each field starts */
    Py_ssize_t firehouse_at, affiliation_at, value_at, track_at, intensity_at, destroyed_at, big_building_at;
    Py_ssize_t loyal_at, renown_at, brigades_at, wagons_at, turn_at, active_at, to_act_at, phase_at, actions_at;
    Py_ssize_t event_deck_at, event_discard_at, last_event_at, crew_deck_at, crew_discard_at, drawn_at, drawer_at;
    Py_ssize_t destroyed_count_at, over_at, seats_at, per_seat;
    /* where each part of a seat's block starts, from the block's start */
    Py_ssize_t seat_crew, seat_water, seat_cells, seat_supplies;
    /* the starting water of a Brigade without crew: advanced side, basic side */
    Py_ssize_t advanced_water, warden_water;
    /* tables (PyMem_Malloc'd) */
    long *event_index, *last_event_index, *crew_index, *crew_aff, *crew_water, *track_values, *track_lengths;
    Py_ssize_t n_event_ids, n_last_event_ids, n_crew_ids, n_crew_aff, n_crew_water, n_track_values, n_tracks;
    Py_ssize_t track_start[MAX_TRACKS];
} Encoder;

typedef struct {
    const char *key;
    size_t offset;
} SizeKey;

#define SIZE_KEY(name) {#name, offsetof(Encoder, name)}

static const SizeKey SIZE_KEYS[] = {
    SIZE_KEY(num_players), SIZE_KEY(size), SIZE_KEY(cells), SIZE_KEY(affiliations), SIZE_KEY(renown_slots),
    SIZE_KEY(event_kinds), SIZE_KEY(crew_kinds), SIZE_KEY(tracks_per_seat), SIZE_KEY(wagon_track),
    SIZE_KEY(lead_track), SIZE_KEY(firehouse_at), SIZE_KEY(affiliation_at), SIZE_KEY(value_at), SIZE_KEY(track_at),
    SIZE_KEY(intensity_at), SIZE_KEY(destroyed_at), SIZE_KEY(big_building_at), SIZE_KEY(loyal_at),
    SIZE_KEY(renown_at), SIZE_KEY(brigades_at), SIZE_KEY(wagons_at), SIZE_KEY(turn_at), SIZE_KEY(active_at),
    SIZE_KEY(to_act_at), SIZE_KEY(phase_at), SIZE_KEY(actions_at), SIZE_KEY(event_deck_at),
    SIZE_KEY(event_discard_at), SIZE_KEY(last_event_at), SIZE_KEY(crew_deck_at), SIZE_KEY(crew_discard_at),
    SIZE_KEY(drawn_at), SIZE_KEY(drawer_at), SIZE_KEY(destroyed_count_at), SIZE_KEY(over_at), SIZE_KEY(seats_at),
    SIZE_KEY(per_seat), SIZE_KEY(seat_crew), SIZE_KEY(seat_water), SIZE_KEY(seat_cells), SIZE_KEY(seat_supplies),
    SIZE_KEY(advanced_water), SIZE_KEY(warden_water),
};
#define N_SIZE_KEYS ((Py_ssize_t)(sizeof(SIZE_KEYS) / sizeof(SIZE_KEYS[0])))
#define N_TABLE_KEYS 7 /* event_index, last_event_index, crew_index, crew_aff, crew_water, track_values,
                          track_lengths */

static void Encoder_dealloc(Encoder *self)
{
    Py_XDECREF(self->layout);
    PyMem_Free(self->event_index);
    PyMem_Free(self->last_event_index);
    PyMem_Free(self->crew_index);
    PyMem_Free(self->crew_aff);
    PyMem_Free(self->crew_water);
    PyMem_Free(self->track_values);
    PyMem_Free(self->track_lengths);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int layout_error(const char *what)
{
    PyErr_Format(PyExc_ValueError, "inconsistent observation layout: %s", what);
    return -1;
}

/* Every table entry within its range, and every field within the vector. */
static int check_layout(Encoder *e)
{
    Py_ssize_t n = e->num_players, B = e->cells, A = e->affiliations;
    if (n < 1 || n > MAX_SEATS || n > e->renown_slots)
        return layout_error("num_players");
    if (B < 1 || B > MAX_CELLS)
        return layout_error("cells");
    if (A < 1 || A > MAX_AFFILIATIONS)
        return layout_error("affiliations");
    if (e->event_kinds < 0 || e->event_kinds > MAX_KINDS || e->crew_kinds < 0 || e->crew_kinds > MAX_KINDS)
        return layout_error("event_kinds or crew_kinds");
    for (Py_ssize_t i = 0; i < e->n_event_ids; i++)
        if (e->event_index[i] < 0 || e->event_index[i] >= e->event_kinds)
            return layout_error("event_index");
    if (e->n_last_event_ids != e->n_event_ids)
        return layout_error("last_event_index");
    for (Py_ssize_t i = 0; i < e->n_last_event_ids; i++)
        if (e->last_event_index[i] < -1 || e->last_event_index[i] >= e->event_kinds)
            return layout_error("last_event_index");
    if (e->n_crew_aff != e->n_crew_ids || e->n_crew_water != e->n_crew_ids)
        return layout_error("crew tables");
    for (Py_ssize_t i = 0; i < e->n_crew_ids; i++) {
        if (e->crew_index[i] < 0 || e->crew_index[i] >= e->crew_kinds)
            return layout_error("crew_index");
        if (e->crew_aff[i] < -1 || e->crew_aff[i] >= A)
            return layout_error("crew_aff");
        if (e->crew_water[i] < -1000000 || e->crew_water[i] > 1000000)
            return layout_error("crew_water");
    }
    if (e->n_tracks < 1 || e->n_tracks > MAX_TRACKS || e->n_tracks != e->tracks_per_seat)
        return layout_error("tracks");
    if (e->wagon_track < 0 || e->wagon_track >= e->n_tracks || e->lead_track < 0 || e->lead_track >= e->n_tracks)
        return layout_error("wagon_track or lead_track");
    Py_ssize_t start = 0;
    for (Py_ssize_t t = 0; t < e->n_tracks; t++) {
        if (e->track_lengths[t] < 1 || e->track_lengths[t] > e->n_track_values - start)
            return layout_error("track_lengths");
        e->track_start[t] = start;
        start += e->track_lengths[t];
    }
    if (start != e->n_track_values)
        return layout_error("track_values");
    for (Py_ssize_t i = 0; i < e->n_track_values; i++)
        if (e->track_values[i] < -1000000 || e->track_values[i] > 1000000)
            return layout_error("track_values");
    if (e->advanced_water < -1000000 || e->advanced_water > 1000000 || e->warden_water < -1000000 ||
        e->warden_water > 1000000)
        return layout_error("advanced_water or warden_water");
    /* each field [at, at + length) inside the vector (fb_put checks every write again) */
    struct { Py_ssize_t at, length; } fields[] = {
        {e->firehouse_at, B}, {e->affiliation_at, B * A}, {e->value_at, B}, {e->track_at, B},
        {e->intensity_at, B}, {e->destroyed_at, B}, {e->big_building_at, B}, {e->loyal_at, B * n},
        {e->renown_at, B * n}, {e->brigades_at, B * n}, {e->wagons_at, B * n}, {e->turn_at, 1},
        {e->active_at, n}, {e->to_act_at, n}, {e->phase_at, 2}, {e->actions_at, 2}, {e->event_deck_at, 1},
        {e->event_discard_at, e->event_kinds}, {e->last_event_at, e->event_kinds}, {e->crew_deck_at, 1},
        {e->crew_discard_at, e->crew_kinds}, {e->drawn_at, e->crew_kinds + 1}, {e->drawer_at, n},
        {e->destroyed_count_at, 3}, {e->over_at, 1}, {e->seats_at, e->per_seat * n},
    };
    for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
        if (fields[i].at < 0 || fields[i].length < 0 || fields[i].at > e->size - fields[i].length)
            return layout_error("a field lies outside the vector");
    Py_ssize_t T = e->n_tracks;
    if (e->seat_crew < 2 * T || e->seat_water < e->seat_crew + A + 3 || e->seat_cells < e->seat_water + 4 ||
        e->seat_supplies < e->seat_cells + 3 * B || e->per_seat < e->seat_supplies + 4)
        return layout_error("a seat's block");
    return 0;
}

static PyObject *Encoder_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *layout;
    if (kwargs != NULL && PyDict_GET_SIZE(kwargs) > 0) {
        PyErr_SetString(PyExc_TypeError, "Encoder(layout) takes one dict");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "O!:Encoder", &PyDict_Type, &layout))
        return NULL;
    if (PyDict_GET_SIZE(layout) != N_SIZE_KEYS + N_TABLE_KEYS) {
        PyErr_Format(PyExc_ValueError, "the writer's layout has %zd entries, expected %zd", PyDict_GET_SIZE(layout),
                     N_SIZE_KEYS + N_TABLE_KEYS);
        return NULL;
    }
    Encoder *self = (Encoder *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < N_SIZE_KEYS; i++)
        if (fb_dict_size(layout, SIZE_KEYS[i].key, (Py_ssize_t *)((char *)self + SIZE_KEYS[i].offset)) < 0)
            goto fail;
    if (fb_dict_longs(layout, "event_index", &self->event_index, &self->n_event_ids) < 0 ||
        fb_dict_longs(layout, "last_event_index", &self->last_event_index, &self->n_last_event_ids) < 0 ||
        fb_dict_longs(layout, "crew_index", &self->crew_index, &self->n_crew_ids) < 0 ||
        fb_dict_longs(layout, "crew_aff", &self->crew_aff, &self->n_crew_aff) < 0 ||
        fb_dict_longs(layout, "crew_water", &self->crew_water, &self->n_crew_water) < 0 ||
        fb_dict_longs(layout, "track_values", &self->track_values, &self->n_track_values) < 0 ||
        fb_dict_longs(layout, "track_lengths", &self->track_lengths, &self->n_tracks) < 0)
        goto fail;
    if (check_layout(self) < 0)
        goto fail;
    self->layout = PyDict_Copy(layout);
    if (self->layout == NULL)
        goto fail;
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* ---------------------------------------------------------------------------------------- reading the state */

/* state.<name>[0:count] into dst: a list or tuple of ints with exactly ``count`` items (exact = 1) or at least
 * ``count`` (exact = 0). */
static int read_longs(PyObject *state, int name, long *dst, Py_ssize_t count, int exact)
{
    PyObject *seq = fb_seq_attr(state, NAMES[name]);
    if (seq == NULL)
        return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    if (exact ? len != count : len < count) {
        PyErr_Format(PyExc_ValueError, "the game state's %U holds %zd numbers, expected %s%zd", NAMES[name], len,
                     exact ? "" : "at least ", count);
        Py_DECREF(seq);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < count; i++) {
        if (fb_as_long(items[i], &dst[i]) < 0) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

/* len(state.<name>), a list. */
static int read_len(PyObject *state, int name, Py_ssize_t *len)
{
    PyObject *list = fb_list_attr(state, NAMES[name]);
    if (list == NULL)
        return -1;
    *len = PyList_GET_SIZE(list);
    Py_DECREF(list);
    return 0;
}

static inline Py_ssize_t rel(long seat, long viewer, Py_ssize_t n)
{
    return (Py_ssize_t)((seat - viewer + n) % n);
}

/* The seat to act (BrigadeState.current_player, read from the fields): -1 once the game is over, else the
 * player of the top frame of the stack, else the seat whose turn it is. */
static int read_to_act(PyObject *state, long over, long turn_player, long *to_act)
{
    if (over) {
        *to_act = -1;
        return 0;
    }
    PyObject *stack = fb_list_attr(state, NAMES[N_STACK]);
    if (stack == NULL)
        return -1;
    Py_ssize_t len = PyList_GET_SIZE(stack);
    if (len == 0) {
        Py_DECREF(stack);
        *to_act = turn_player;
        return 0;
    }
    PyObject *top = PyList_GET_ITEM(stack, len - 1);
    int r;
    if (!PyTuple_Check(top) && !PyList_Check(top)) {
        PyErr_Format(PyExc_TypeError, "expected a tuple on the game state's stack, found %.80s",
                     Py_TYPE(top)->tp_name);
        r = -1;
    } else {
        r = fb_seq_long(top, 1, to_act);
    }
    Py_DECREF(stack);
    return r;
}

/* ---------------------------------------------------------------------------------------------- the writer */

#define PUT(i, x)                                                                                              \
    do {                                                                                                       \
        if (fb_put(out, (i), (x)) < 0)                                                                         \
            return -1;                                                                                         \
    } while (0)

#define READ(call)                                                                                             \
    do {                                                                                                       \
        if ((call) < 0)                                                                                        \
            return -1;                                                                                         \
    } while (0)

#define CHECK(value, lo, hi, what) READ(fb_check_range((value), (lo), (hi), (what)))

static int write_all(Encoder *e, PyObject *s, long viewer, fb_out *out)
{
    const Py_ssize_t n = e->num_players, B = e->cells, A = e->affiliations, T = e->n_tracks;
    long aff[MAX_CELLS], value[MAX_CELLS], track[MAX_CELLS], big[MAX_CELLS], intensity[MAX_CELLS];
    long destroyed[MAX_CELLS], loyal[MAX_CELLS];
    long bpos[MAX_SEATS], wpos[MAX_SEATS], firehouse[MAX_SEATS], wb[MAX_SEATS], ww[MAX_SEATS];
    long bonus[MAX_SEATS], renown_left[MAX_SEATS], loyalty_left[MAX_SEATS], mimic[MAX_SEATS];
    long tracks[MAX_SEATS * MAX_TRACKS];
    double counts[MAX_KINDS];

    /* the fixed board: firehouses and affiliations, values / 5, tracks / 3, Big Buildings */
    READ(read_longs(s, N_ST_AFF, aff, B, 1));
    READ(read_longs(s, N_ST_VALUE, value, B, 1));
    READ(read_longs(s, N_ST_TRACK, track, B, 1));
    READ(read_longs(s, N_ST_BIG, big, B, 1));
    for (Py_ssize_t pos = 0; pos < B; pos++) {
        CHECK(aff[pos], -1, A, "block affiliation");
        if (aff[pos] < 0)
            PUT(e->firehouse_at + pos, 1.0);
        else
            PUT(e->affiliation_at + pos * A + aff[pos], 1.0);
        if (value[pos])
            PUT(e->value_at + pos, (double)value[pos] * (1.0 / 5));
        if (track[pos])
            PUT(e->track_at + pos, (double)track[pos] * (1.0 / 3));
        if (big[pos])
            PUT(e->big_building_at + pos, 1.0);
    }

    /* the cells: intensity / 4, ruins, loyalty and renown by relative seat, the pieces */
    READ(read_longs(s, N_INTENSITY, intensity, B, 1));
    READ(read_longs(s, N_DESTROYED, destroyed, B, 1));
    READ(read_longs(s, N_LOYAL, loyal, B, 1));
    for (Py_ssize_t pos = 0; pos < B; pos++) {
        if (intensity[pos])
            PUT(e->intensity_at + pos, (double)intensity[pos] * 0.25);
        if (destroyed[pos])
            PUT(e->destroyed_at + pos, 1.0);
        if (loyal[pos] >= 0) {
            CHECK(loyal[pos], 0, n, "loyalty of a block");
            PUT(e->loyal_at + pos * n + rel(loyal[pos], viewer, n), 1.0);
        }
    }
    {
        PyObject *renown = fb_seq_attr(s, NAMES[N_RENOWN]);
        if (renown == NULL)
            return -1;
        Py_ssize_t slots = e->renown_slots;
        if (PySequence_Fast_GET_SIZE(renown) != slots * B) {
            PyErr_Format(PyExc_ValueError, "the game state's renown holds %zd numbers, expected %zd",
                         PySequence_Fast_GET_SIZE(renown), slots * B);
            Py_DECREF(renown);
            return -1;
        }
        PyObject **items = PySequence_Fast_ITEMS(renown);
        for (Py_ssize_t k = 0; k < n; k++) {
            Py_ssize_t seat = (viewer + k) % n;
            for (Py_ssize_t pos = 0; pos < B; pos++) {
                long v;
                if (fb_as_long(items[seat + slots * pos], &v) < 0 ||
                    (v && fb_put(out, e->renown_at + pos * n + k, (double)v * 0.2) < 0)) {
                    Py_DECREF(renown);
                    return -1;
                }
            }
        }
        Py_DECREF(renown);
    }
    READ(read_longs(s, N_BPOS, bpos, n, 0));
    READ(read_longs(s, N_WPOS, wpos, n, 0));
    for (Py_ssize_t p = 0; p < n; p++) {
        Py_ssize_t k = rel(p, viewer, n);
        CHECK(bpos[p], 0, B, "cell of a Brigade");
        CHECK(wpos[p], 0, B, "cell of a Wagon");
        PUT(e->brigades_at + bpos[p] * n + k, 1.0);
        PUT(e->wagons_at + wpos[p] * n + k, 1.0);
    }

    /* the turn: its number / 30, the active seat and the seat to act, the phase, actions used and allowed / 5 */
    long turn_number, turn_player, over, phase, used, precious, to_act;
    READ(fb_long_attr(s, NAMES[N_TURN_NUMBER], &turn_number));
    READ(fb_long_attr(s, NAMES[N_TURN_PLAYER], &turn_player));
    READ(fb_long_attr(s, NAMES[N_OVER], &over));
    READ(fb_long_attr(s, NAMES[N_PHASE], &phase));
    READ(fb_long_attr(s, NAMES[N_USED], &used));
    READ(fb_long_attr(s, NAMES[N_PRECIOUS], &precious));
    READ(read_longs(s, N_TRACKS, tracks, T * n, 0));
    READ(read_longs(s, N_BONUS, bonus, n, 0));
    for (Py_ssize_t i = 0; i < T * n; i++)
        CHECK(tracks[i], 0, e->track_lengths[i % T], "level on a track");
    if (turn_number)
        PUT(e->turn_at, (double)turn_number / 30);
    CHECK(turn_player, 0, n, "seat whose turn it is");
    PUT(e->active_at + rel(turn_player, viewer, n), 1.0);
    READ(read_to_act(s, over, turn_player, &to_act));
    if (to_act >= 0) {
        CHECK(to_act, 0, n, "seat to act");
        PUT(e->to_act_at + rel(to_act, viewer, n), 1.0);
    }
    PUT(e->phase_at + (phase == 0 ? 0 : 1), 1.0);
    if (used)
        PUT(e->actions_at, (double)used / 5);
    /* BrigadeState.actions_allowed: the Leadership value, plus bonus actions, less one while holding Sir
     * Precious */
    long allowed = e->track_values[e->track_start[e->lead_track] + tracks[T * turn_player + e->lead_track]] +
                   bonus[turn_player] - (precious == turn_player ? 1 : 0);
    if (allowed)
        PUT(e->actions_at + 1, (double)allowed / 5);

    /* the decks: sizes / 20, discards by name (events / 3), the last event, the recruit cards drawn */
    Py_ssize_t len;
    READ(read_len(s, N_EVENT_DECK, &len));
    if (len)
        PUT(e->event_deck_at, (double)len / 20);
    {
        PyObject *discard = fb_list_attr(s, NAMES[N_EVENT_DISCARD]);
        if (discard == NULL)
            return -1;
        Py_ssize_t m = PyList_GET_SIZE(discard);
        int r = 0;
        if (m) {
            for (Py_ssize_t i = 0; i < e->event_kinds; i++)
                counts[i] = 0.0;
            for (Py_ssize_t i = 0; i < m && r == 0; i++) {
                long card;
                r = fb_list_long(discard, i, &card);
                if (r == 0)
                    r = fb_check_range(card, 0, e->n_event_ids, "discarded event card");
                if (r == 0)
                    counts[e->event_index[card]] += 1.0 / 3;
            }
            for (Py_ssize_t i = 0; i < e->event_kinds && r == 0; i++)
                if (counts[i])
                    r = fb_put(out, e->event_discard_at + i, counts[i]);
        }
        Py_DECREF(discard);
        READ(r);
    }
    long last_event;
    READ(fb_long_attr(s, NAMES[N_LAST_EVENT], &last_event));
    if (last_event >= 0) {
        CHECK(last_event, 0, e->n_last_event_ids, "last event card");
        long i = e->last_event_index[last_event];
        if (i >= 0)
            PUT(e->last_event_at + i, 1.0);
    }
    READ(read_len(s, N_CREW_DECK, &len));
    if (len)
        PUT(e->crew_deck_at, (double)len / 20);
    {
        PyObject *discard = fb_list_attr(s, NAMES[N_CREW_DISCARD]);
        if (discard == NULL)
            return -1;
        Py_ssize_t m = PyList_GET_SIZE(discard);
        int r = 0;
        if (m) {
            for (Py_ssize_t i = 0; i < e->crew_kinds; i++)
                counts[i] = 0.0;
            for (Py_ssize_t i = 0; i < m && r == 0; i++) {
                long card;
                r = fb_list_long(discard, i, &card);
                if (r == 0)
                    r = fb_check_range(card, 0, e->n_crew_ids, "discarded Crew card");
                if (r == 0)
                    counts[e->crew_index[card]] += 1.0;
            }
            for (Py_ssize_t i = 0; i < e->crew_kinds && r == 0; i++)
                if (counts[i])
                    r = fb_put(out, e->crew_discard_at + i, counts[i]);
        }
        Py_DECREF(discard);
        READ(r);
    }
    long drawer;
    READ(fb_long_attr(s, NAMES[N_DRAWER], &drawer));
    {
        PyObject *drawn = fb_list_attr(s, NAMES[N_DRAWN]);
        if (drawn == NULL)
            return -1;
        Py_ssize_t m = PyList_GET_SIZE(drawn);
        int r = 0;
        if (m) {
            if (viewer == drawer) { /* only the seat that drew them knows the recruit cards */
                for (Py_ssize_t i = 0; i < e->crew_kinds; i++)
                    counts[i] = 0.0;
                for (Py_ssize_t i = 0; i < m && r == 0; i++) {
                    long card;
                    r = fb_list_long(drawn, i, &card);
                    if (r == 0)
                        r = fb_check_range(card, 0, e->n_crew_ids, "recruit card drawn");
                    if (r == 0)
                        counts[e->crew_index[card]] += 1.0;
                }
                for (Py_ssize_t i = 0; i < e->crew_kinds && r == 0; i++)
                    if (counts[i])
                        r = fb_put(out, e->drawn_at + i, counts[i]);
            }
            if (r == 0)
                r = fb_put(out, e->drawn_at + e->crew_kinds, (double)m / 3);
        }
        Py_DECREF(drawn);
        READ(r);
    }
    if (drawer >= 0) {
        CHECK(drawer, 0, n, "seat that drew recruit cards");
        PUT(e->drawer_at + rel(drawer, viewer, n), 1.0);
    }

    /* the end: blocks destroyed / 10, University blocks destroyed / 3, evacuation, game over */
    long n_destroyed, n_univ, evac;
    READ(fb_long_attr(s, NAMES[N_N_DESTROYED], &n_destroyed));
    READ(fb_long_attr(s, NAMES[N_N_UNIV_DESTROYED], &n_univ));
    READ(fb_long_attr(s, NAMES[N_EVAC], &evac));
    if (n_destroyed)
        PUT(e->destroyed_count_at, (double)n_destroyed / 10);
    if (n_univ)
        PUT(e->destroyed_count_at + 1, (double)n_univ / 3);
    if (evac)
        PUT(e->destroyed_count_at + 2, (double)evac);
    if (over)
        PUT(e->over_at, 1.0);

    /* the seats, the viewer first */
    long advanced;
    READ(fb_long_attr(s, NAMES[N_ADVANCED], &advanced));
    READ(read_longs(s, N_FIREHOUSE, firehouse, n, 0));
    READ(read_longs(s, N_WB, wb, n, 0));
    READ(read_longs(s, N_WW, ww, n, 0));
    READ(read_longs(s, N_RENOWN_LEFT, renown_left, n, 0));
    READ(read_longs(s, N_LOYALTY_LEFT, loyalty_left, n, 0));
    READ(read_longs(s, N_MIMIC, mimic, n, 0));
    /* BrigadeState.scores (the values of the blocks loyal to each seat and standing, summed in cell order), and
     * for BrigadeState.has_loyal the affiliations (bit aff + 1) of the blocks loyal to each seat */
    double scores[MAX_SEATS];
    unsigned long loyal_affs[MAX_SEATS];
    for (Py_ssize_t p = 0; p < n; p++) {
        scores[p] = 0.0;
        loyal_affs[p] = 0;
    }
    for (Py_ssize_t pos = 0; pos < B; pos++) {
        long o = loyal[pos];
        if (o >= 0) { /* o < n: checked above */
            loyal_affs[o] |= 1UL << (aff[pos] + 1);
            if (!destroyed[pos])
                scores[o] += (double)value[pos];
        }
    }
    PyObject *crews = fb_list_attr(s, NAMES[N_CREW]);
    if (crews == NULL)
        return -1;
    int r = 0;
    for (Py_ssize_t k = 0; k < n && r == 0; k++) {
        Py_ssize_t p = (viewer + k) % n;
        Py_ssize_t base = e->seats_at + k * e->per_seat;
        /* tracks: level + 1 over the track's length, the value / 5 */
        for (Py_ssize_t t = 0; t < T && r == 0; t++) {
            long level = tracks[T * p + t];
            long v = e->track_values[e->track_start[t] + level];
            r = fb_put(out, base + 2 * t, (double)(level + 1) / (double)e->track_lengths[t]);
            if (r == 0 && v)
                r = fb_put(out, base + 2 * t + 1, (double)v / 5);
        }
        if (r < 0)
            break;
        /* crew: cards per affiliation / 3, cards / 5, cards whose abilities work / 5, water / 10 */
        PyObject *crew = fb_list_item_list(crews, p);
        if (crew == NULL) {
            r = -1;
            break;
        }
        Py_ssize_t m = PyList_GET_SIZE(crew);
        long water = 0, active = 0;
        Py_ssize_t at = base + e->seat_crew;
        if (m) {
            for (Py_ssize_t i = 0; i < A; i++)
                counts[i] = 0.0;
            for (Py_ssize_t i = 0; i < m && r == 0; i++) {
                long card;
                r = fb_list_long(crew, i, &card);
                if (r == 0)
                    r = fb_check_range(card, 0, e->n_crew_ids, "Crew card");
                if (r < 0)
                    break;
                long a = e->crew_aff[card]; /* -1 (no affiliation) counts in the last slot, as in Python */
                counts[a < 0 ? a + A : a] += 1.0 / 3;
                /* BrigadeState.active: the card it mimics, or a block of the card's affiliation loyal to it */
                active += mimic[p] == card || (loyal_affs[p] >> (a + 1) & 1UL);
                water += e->crew_water[card];
            }
            for (Py_ssize_t i = 0; i < A && r == 0; i++)
                if (counts[i])
                    r = fb_put(out, at + i, counts[i]);
            if (r == 0)
                r = fb_put(out, at + A, (double)m / 5);
            if (r == 0 && active)
                r = fb_put(out, at + A + 1, (double)active / 5);
            if (r == 0 && water)
                r = fb_put(out, at + A + 2, (double)water / 10);
            if (r < 0)
                break;
        }
        /* water in the Brigade, its capacity (BrigadeState.brigade_cap), in the Wagon, its capacity / 5 */
        long water_values[4] = {
            wb[p],
            (advanced ? e->advanced_water : e->warden_water) + water,
            ww[p],
            e->track_values[e->track_start[e->wagon_track] + tracks[T * p + e->wagon_track]],
        };
        at = base + e->seat_water;
        for (int i = 0; i < 4 && r == 0; i++)
            if (water_values[i])
                r = fb_put(out, at + i, (double)water_values[i] / 5);
        /* the cells of the Brigade, the Wagon and the Firehouse */
        at = base + e->seat_cells;
        if (r == 0)
            r = fb_put(out, at + bpos[p], 1.0);
        if (r == 0)
            r = fb_put(out, at + B + wpos[p], 1.0);
        if (r == 0)
            r = fb_check_range(firehouse[p], 0, B, "cell of a Firehouse");
        if (r == 0)
            r = fb_put(out, at + 2 * B + firehouse[p], 1.0);
        /* renown markers left / 15, loyalty markers left / 10, score / 20, bonus actions / 3 */
        at = base + e->seat_supplies;
        if (r == 0 && renown_left[p])
            r = fb_put(out, at, (double)renown_left[p] / 15);
        if (r == 0 && loyalty_left[p])
            r = fb_put(out, at + 1, (double)loyalty_left[p] / 10);
        if (r == 0 && scores[p])
            r = fb_put(out, at + 2, scores[p] / 20);
        if (r == 0 && bonus[p])
            r = fb_put(out, at + 3, (double)bonus[p] / 3);
    }
    Py_DECREF(crews);
    return r;
}

static PyObject *Encoder_write(Encoder *self, PyObject *const *args, Py_ssize_t nargs)
{
    long viewer;
    Py_buffer buf;
    fb_out out;
    if (fb_write_begin(args, nargs, (long)self->num_players, self->size, &viewer, &buf, &out) < 0)
        return NULL;
    return fb_write_end(&buf, &out, write_all(self, args[0], viewer, &out));
}

static PyObject *Encoder_reduce(Encoder *self, PyObject *Py_UNUSED(ignored))
{
    return Py_BuildValue("O(O)", (PyObject *)Py_TYPE(self), self->layout);
}

static PyMethodDef Encoder_methods[] = {
    {"write", (PyCFunction)(void (*)(void))Encoder_write, METH_FASTCALL,
     "write(state, viewer, out): seat viewer's observation of state into out, a zeroed float32 buffer of the "
     "layout's size (exactly what BrigadeEncoder.write_state writes)."},
    {"__reduce__", (PyCFunction)(void (*)(void))Encoder_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EncoderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "firebreak.games.brigade._encode.Encoder",
    .tp_basicsize = sizeof(Encoder),
    .tp_dealloc = (destructor)Encoder_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Encoder(layout): the Brigade's compiled observation writer, built from the Python encoder's "
              "constants (BrigadeEncoder._compiled_layout).",
    .tp_methods = Encoder_methods,
    .tp_new = Encoder_new,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "firebreak.games.brigade._encode",
    .m_doc = "The Brigade's compiled observation writer (see games/brigade/encode.py).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__encode(void)
{
    return fb_module_create(&module, &EncoderType, NAME_STRINGS, NAMES, N_NAMES);
}
