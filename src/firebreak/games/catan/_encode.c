/* Catan's compiled observation writer: CatanEncoder.write_state in C.
 *
 * It writes the whole vector of one seat into a zeroed float32 buffer, reading the same state fields as the Python
 * fast path (src/firebreak/games/catan/encode.py) and computing each number with the same double expression
 * (``v * (1.0 / 19)`` where Python maps NINETEENTH, ``v / 10`` where it divides), so the two agree bit for bit; the
 * tests compare them for every seat at every step of random games. Like the fast path it reads a rival's hand and
 * development cards only as their sizes, an offer's cards only once proposed (or by their composer), and the
 * viewer's hidden victory point cards only for the viewer. It keeps nothing from one call to the next but the
 * board's fixed tables (edge slots, harbour corners), asked of Python once per topology object.
 *
 * Every number about the board and the rules (sizes, offsets, phases, codes, pieces) comes from Python in the
 * constructor; nothing here knows a board.
 */
#include "encode_c.h"

enum {
    /* the layout's offsets (CatanEncoder.offsets()), then the seat block's (SEAT_AT) */
    L_TERRAIN, L_NUMBER, L_TOKEN, L_SETTLEMENT, L_CITY, L_STATION, L_HARBOUR, L_ROAD, L_PHASE, L_TURN_NUMBER,
    L_DICE, L_BANK, L_DECK, L_HOLDERS, L_FREE_ROADS, L_OFFER, L_DECLINED, L_FIRE_OWED, L_MY_HAND, L_MY_DEV, L_MY_VP,
    L_SEATS, L_SHIP, L_PIRATE, L_SEA_SEATS,
    S_CARDS, S_DEVS, S_VP, S_PIECES, S_STATIONS, S_ROAD_LEN, S_KNIGHTS, S_RATES, S_DISCARD,
    /* then the constants */
    K_SIZE, K_PLAYERS, K_TERRAIN_KINDS, K_NUMBER_KINDS, K_HARBOUR_KINDS, K_PHASES, K_STAGES, K_RES, K_DEV,
    K_PER_SEAT, K_SEA_PER_SEAT, K_SEA, K_TRADE_DRAFT, K_TRADE_CONFIRM, K_OVER, K_TERMINAL, K_VP_CARD,
    K_FIRE_STATIONS, K_WARDENS_VP, K_ROAD_VP, K_ARMY_VP, K_ISLAND_VP, K_TERRAIN_LO, K_HARBOUR_LO,
    N_PARAMS
};

static const char *const PARAM_NAMES[N_PARAMS] = {
    "hex.terrain", "hex.number", "hex.token", "node.settlement", "node.city", "node.fire_station", "node.harbour",
    "edge.road", "phase", "turn_number", "dice", "bank", "development_deck", "holders", "free_roads", "offer",
    "declined_all_offers", "fire_owed", "my_hand", "my_development", "my_victory_points", "seat[0].cards",
    "edge.ship", "hex.pirate", "seat[0].ships_left",
    "seat.cards", "seat.development_cards", "seat.victory_points", "seat.pieces_left", "seat.fire_stations",
    "seat.road_length", "seat.knights", "seat.harbour_rates", "seat.discard_left",
    "size", "players", "terrain_kinds", "number_kinds", "harbour_kinds", "phases", "offer_stages", "resources",
    "development_kinds", "per_seat", "sea_per_seat", "sea", "trade_draft", "trade_confirm", "over", "terminal",
    "victory_point_card", "fire_stations", "wardens_vp", "road_vp", "army_vp", "island_vp", "terrain_lo",
    "harbour_lo",
};

enum { T_TERRAIN, T_HARBOUR, T_NUMBERS, T_OFFER_PHASES, N_TABLES };

static const char *const TABLE_NAMES[N_TABLES] = {"terrain_slots", "harbour_slots", "numbers", "offer_phases"};

enum {
    A_TOPO, A_TERRAIN, A_NUMBERS, A_NODE_HARBOUR, A_TOKEN_HEX, A_NODE_OWNER, A_NODE_LEVEL, A_STATION, A_EDGE_OWNER,
    A_EDGE_SHIP, A_PHASE, A_ACTOR, A_TURN, A_TURN_COUNT, A_DICE, A_BANK, A_DEV_DECK, A_ROAD_HOLDER, A_ARMY_HOLDER,
    A_WARDENS_HOLDER, A_FREE_ROADS, A_GIVE, A_ASK, A_RESPONDERS, A_ACCEPTORS, A_DECLINED,
    A_FIRE_LEFT, A_HANDS, A_DEV_HAND, A_DEV_NEW, A_BUILD_VP, A_ISLES, A_ROADS_LEFT, A_SETTLEMENTS_LEFT,
    A_CITIES_LEFT, A_STATIONS_LEFT, A_FIRESTORM, A_ROAD_LEN, A_ARMY, A_RATES, A_DISCARD_LEFT, A_PIRATE_HEX,
    A_SHIPS_LEFT, A_GOLD_LEFT, N_NAMES
};

static const char *const ATTR_NAMES[N_NAMES] = {
    "topo", "terrain", "numbers", "node_harbour", "token_hex", "node_owner", "node_level", "station", "edge_owner",
    "edge_ship", "phase", "actor", "turn", "turn_count", "dice", "bank", "dev_deck", "road_holder", "army_holder",
    "wardens_holder", "free_roads", "give", "ask", "responders", "acceptors", "declined",
    "fire_left", "hands", "dev_hand", "dev_new", "build_vp", "isles", "roads_left", "settlements_left",
    "cities_left", "stations_left", "firestorm", "road_len", "army", "rates", "discard_left", "pirate_hex",
    "ships_left", "gold_left",
};

static PyObject *NAMES[N_NAMES];

#define MAX_TABLE 4096 /* the constructor's tables (terrain and harbour codes, number tokens) fit */
#define MAX_PARAM (1L << 20) /* every number the constructor and board_tables give lies within +-MAX_PARAM */
#define NO_SEAT LONG_MIN /* a holder or seat given as None */

typedef struct {
    PyObject_HEAD
    long p[N_PARAMS];
    long *table[N_TABLES];
    Py_ssize_t table_len[N_TABLES];
    PyObject *board_tables; /* callable: topology -> (hexes, edge slots, harbour corners as pairs) */
    PyObject *topo;         /* the topology the tables below were made for (None before the first write) */
    long hexes;
    long *slots;            /* the encoder's edge slot per topology edge (-1: none) */
    Py_ssize_t slots_len;
    long *harbour_nodes;    /* the corners of each harbour side, two by two */
    Py_ssize_t harbour_len;
    fb_slots slots_of_state; /* where the state's class keeps the attributes in NAMES */
} Encoder;

static void Encoder_dealloc(Encoder *self)
{
    for (int i = 0; i < N_TABLES; i++)
        PyMem_Free(self->table[i]);
    PyMem_Free(self->slots);
    PyMem_Free(self->harbour_nodes);
    Py_XDECREF(self->board_tables);
    Py_XDECREF(self->topo);
    Py_XDECREF(self->slots_of_state.type);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A sequence of ints as a new C array (PyMem_Malloc'd, at least one long); -1 with an exception set otherwise. */
static int long_array(PyObject *obj, const char *what, long **out, Py_ssize_t *len)
{
    PyObject *seq = PySequence_Fast(obj, what);
    if (seq == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > MAX_TABLE * 16) {
        PyErr_Format(PyExc_ValueError, "%s is too long", what);
        Py_DECREF(seq);
        return -1;
    }
    long *a = PyMem_Calloc((size_t)n + 1, sizeof(long));
    if (a == NULL) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (fb_as_long(PySequence_Fast_GET_ITEM(seq, i), &a[i]) < 0 || a[i] > MAX_PARAM || a[i] < -MAX_PARAM) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "%s holds %ld, out of range", what, a[i]);
            PyMem_Free(a);
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    *out = a;
    *len = n;
    return 0;
}

/* Encoder(params, tables, board_tables): params is a dict naming every constant in PARAM_NAMES (ints); tables a
 * dict of the int sequences in TABLE_NAMES (the one-hot slot of each terrain and harbour code, counted from
 * terrain_lo and harbour_lo, -2 where Python's lookup raises; the number tokens in one-hot order; the phases in
 * which an offer is on the table); board_tables a
 * callable giving a topology's (hex count, edge slot per edge, harbour corners as a flat sequence of pairs). */
static int Encoder_init(Encoder *self, PyObject *args, PyObject *kwargs)
{
    PyObject *params, *tables, *board_tables;
    if (kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0) {
        PyErr_SetString(PyExc_TypeError, "Encoder takes no keyword arguments");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "O!O!O:Encoder", &PyDict_Type, &params, &PyDict_Type, &tables, &board_tables))
        return -1;
    if (!PyCallable_Check(board_tables)) {
        PyErr_SetString(PyExc_TypeError, "board_tables must be callable");
        return -1;
    }
    for (int i = 0; i < N_PARAMS; i++) {
        PyObject *value = PyDict_GetItemString(params, PARAM_NAMES[i]);
        if (value == NULL) {
            PyErr_Format(PyExc_KeyError, "Catan's compiled encoder needs %s", PARAM_NAMES[i]);
            return -1;
        }
        if (fb_as_long(value, &self->p[i]) < 0)
            return -1;
        if (self->p[i] > MAX_PARAM || self->p[i] < -MAX_PARAM || (i < K_SIZE && self->p[i] < 0)) {
            PyErr_Format(PyExc_ValueError, "Catan's compiled encoder was given %s = %ld", PARAM_NAMES[i], self->p[i]);
            return -1;
        }
    }
    long *p = self->p;
    if (p[K_SIZE] < 1 || p[K_PLAYERS] < 1 || p[K_PLAYERS] > 64 || p[K_RES] < 1 || p[K_RES] > 64 ||
        p[K_DEV] < 1 || p[K_DEV] > 64 || p[K_TERRAIN_KINDS] < 1 || p[K_NUMBER_KINDS] < 1 ||
        p[K_HARBOUR_KINDS] < 1 || p[K_PHASES] < 1 || p[K_STAGES] < 3 || p[K_PER_SEAT] < 1) {
        PyErr_SetString(PyExc_ValueError, "Catan's compiled encoder was given sizes out of range");
        return -1;
    }
    for (int i = 0; i < N_TABLES; i++) {
        PyObject *value = PyDict_GetItemString(tables, TABLE_NAMES[i]);
        if (value == NULL) {
            PyErr_Format(PyExc_KeyError, "Catan's compiled encoder needs %s", TABLE_NAMES[i]);
            return -1;
        }
        long *a;
        Py_ssize_t n;
        if (long_array(value, TABLE_NAMES[i], &a, &n) < 0)
            return -1;
        PyMem_Free(self->table[i]);
        self->table[i] = a;
        self->table_len[i] = n;
    }
    Py_INCREF(board_tables);
    Py_XSETREF(self->board_tables, board_tables);
    Py_XSETREF(self->topo, NULL);
    return 0;
}

/* Seat q counted from the viewer, (q - viewer) % n as Python computes it (for any q: no overflow). */
static inline long rel(long q, long viewer, long n)
{
    long r = q % n - viewer;
    r %= n;
    return r < 0 ? r + n : r;
}

#define SMALL (LONG_MAX / 8) /* the state's counts that are added up must lie within this (a corrupt state's may not) */

/* -1 with OverflowError when a count is beyond any sum's reach. */
static inline int small(long v)
{
    if (v > SMALL || v < -SMALL) {
        PyErr_Format(PyExc_OverflowError, "the game state holds %ld where a count is expected", v);
        return -1;
    }
    return 0;
}

/* One write's state attributes, each fetched once (new references, released by ctx_clear). */
typedef struct {
    PyObject *state;
    const fb_slots *slots;
    PyObject *a[N_NAMES];
} Ctx;

static void ctx_clear(Ctx *c)
{
    for (int i = 0; i < N_NAMES; i++)
        Py_CLEAR(c->a[i]);
}

static PyObject *get(Ctx *c, int id)
{
    if (c->a[id] == NULL)
        c->a[id] = fb_slots_get(c->slots, c->state, NAMES, id);
    return c->a[id];
}

/* The attribute ``id``, which must be a list (borrowed from the context). */
static PyObject *get_list(Ctx *c, int id)
{
    PyObject *v = get(c, id);
    if (v == NULL)
        return NULL;
    if (!PyList_Check(v)) {
        PyErr_Format(PyExc_TypeError, "expected the game state's %U to be a list, found %.80s", NAMES[id],
                     Py_TYPE(v)->tp_name);
        return NULL;
    }
    return v;
}

/* The attribute ``id``, which must be a list or a tuple (borrowed from the context). */
static PyObject *get_seq(Ctx *c, int id)
{
    PyObject *v = get(c, id);
    if (v == NULL)
        return NULL;
    if (!PyList_Check(v) && !PyTuple_Check(v)) {
        PyErr_Format(PyExc_TypeError, "expected the game state's %U to be a list or tuple, found %.80s", NAMES[id],
                     Py_TYPE(v)->tp_name);
        return NULL;
    }
    return v;
}

static int get_long(Ctx *c, int id, long *out)
{
    PyObject *v = get(c, id);
    return v == NULL ? -1 : fb_as_long(v, out);
}

/* An int attribute that may be None (NO_SEAT). */
static int get_seat(Ctx *c, int id, long *out)
{
    PyObject *v = get(c, id);
    if (v == NULL)
        return -1;
    if (v == Py_None) {
        *out = NO_SEAT;
        return 0;
    }
    return fb_as_long(v, out);
}

static int get_truth(Ctx *c, int id)
{
    PyObject *v = get(c, id);
    return v == NULL ? -1 : PyObject_IsTrue(v);
}

/* seq[i] as a C long for a list or a tuple, the index checked. */
static int seq_long(PyObject *seq, Py_ssize_t i, long *out)
{
    if (i < 0 || i >= PySequence_Fast_GET_SIZE(seq)) {
        PyErr_Format(PyExc_IndexError, "index %zd is outside a game state sequence of %zd", i,
                     PySequence_Fast_GET_SIZE(seq));
        return -1;
    }
    return fb_as_long(PySequence_Fast_GET_ITEM(seq, i), out);
}

/* A list that must hold exactly ``size`` items (a per-resource or per-seat list the layout gives room for). */
static int check_len(PyObject *list, Py_ssize_t size, const char *what)
{
    if (PyList_GET_SIZE(list) != size) {
        PyErr_Format(PyExc_ValueError, "the game state's %s has %zd entries; the layout has room for %zd", what,
                     PyList_GET_SIZE(list), size);
        return -1;
    }
    return 0;
}

/* The tables of the state's topology: made by Python once per topology object. */
static int board_tables(Encoder *self, PyObject *topo)
{
    if (topo == self->topo)
        return 0;
    PyObject *r = PyObject_CallOneArg(self->board_tables, topo);
    if (r == NULL)
        return -1;
    long hexes, *slots = NULL, *harbour = NULL;
    Py_ssize_t slots_len, harbour_len;
    if (!PyTuple_Check(r) || PyTuple_GET_SIZE(r) != 3) {
        PyErr_SetString(PyExc_TypeError, "board_tables must give (hexes, edge slots, harbour corners)");
        goto fail;
    }
    if (fb_as_long(PyTuple_GET_ITEM(r, 0), &hexes) < 0 ||
        long_array(PyTuple_GET_ITEM(r, 1), "edge slots", &slots, &slots_len) < 0 ||
        long_array(PyTuple_GET_ITEM(r, 2), "harbour corners", &harbour, &harbour_len) < 0)
        goto fail;
    if (harbour_len % 2) {
        PyErr_SetString(PyExc_ValueError, "harbour corners come in pairs");
        goto fail;
    }
    int bad = hexes < 0 || hexes > MAX_PARAM;
    for (Py_ssize_t e = 0; e < slots_len; e++)
        bad |= slots[e] < -1;
    for (Py_ssize_t i = 0; i < harbour_len; i++)
        bad |= harbour[i] < 0;
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "board_tables gave a hex count, an edge slot or a corner out of range");
        goto fail;
    }
    Py_DECREF(r);
    PyMem_Free(self->slots);
    PyMem_Free(self->harbour_nodes);
    self->hexes = hexes;
    self->slots = slots;
    self->slots_len = slots_len;
    self->harbour_nodes = harbour;
    self->harbour_len = harbour_len;
    Py_INCREF(topo);
    Py_XSETREF(self->topo, topo);
    return 0;
fail:
    PyMem_Free(slots);
    PyMem_Free(harbour);
    Py_DECREF(r);
    return -1;
}

/* A code's slot in a table counted from ``lo`` (-2 in the table: Python's lookup raises IndexError). */
static int code_slot(Encoder *self, int table, long lo, long code, long *out)
{
    long i = code - lo;
    if (code < lo || i >= self->table_len[table] || self->table[table][i] == -2) {
        PyErr_Format(PyExc_IndexError, "code %ld is outside the game's %s", code, TABLE_NAMES[table]);
        return -1;
    }
    *out = self->table[table][i];
    return 0;
}

/* The roads (``ships`` 0) or the ships (1) on the board's edges, one-hot per edge slot by relative seat from
 * ``at`` (the fast path's roads and _ships). A road on an edge the encoder has no slot for is not shown, as in
 * Python; a ship there is an error. */
static int write_edge_pieces(Encoder *self, Ctx *c, long viewer, fb_out *w, long at, int ships)
{
    const long n = self->p[K_PLAYERS];
    PyObject *edge_owner = get_list(c, A_EDGE_OWNER), *ship = get_list(c, A_EDGE_SHIP);
    if (edge_owner == NULL || ship == NULL)
        return -1;
    for (Py_ssize_t e = 0; e < PyList_GET_SIZE(edge_owner); e++) {
        long q;
        if (fb_list_long(edge_owner, e, &q) < 0)
            return -1;
        if (q < 0)
            continue;
        int is_ship = fb_list_truth(ship, e);
        if (is_ship < 0)
            return -1;
        if (is_ship != ships)
            continue;
        if (e >= self->slots_len || (ships && self->slots[e] < 0)) {
            PyErr_Format(PyExc_IndexError, "a %s lies on edge %zd, which is no side of the board's hexes",
                         ships ? "ship" : "road", e);
            return -1;
        }
        if (self->slots[e] >= 0 && fb_put(w, at + self->slots[e] * n + rel(q, viewer, n), 1.0) < 0)
            return -1;
    }
    return 0;
}

/* The board region (CatanEncoder._board_region: terrains, numbers, the token, buildings, harbours, roads). */
static int write_board(Encoder *self, Ctx *c, long viewer, fb_out *out)
{
    const long *p = self->p;
    const long n = p[K_PLAYERS];
    fb_out region = {out->v, p[L_PHASE] < out->n ? p[L_PHASE] : out->n}; /* the region ends where the phase starts */
    PyObject *terrain = get_seq(c, A_TERRAIN), *numbers = get_seq(c, A_NUMBERS);
    PyObject *harbour = get_seq(c, A_NODE_HARBOUR);
    if (terrain == NULL || numbers == NULL || harbour == NULL)
        return -1;
    const long t1 = p[K_TERRAIN_KINDS];
    for (long h = 0; h < self->hexes; h++) {
        long code, slot, number;
        if (seq_long(terrain, h, &code) < 0 || code_slot(self, T_TERRAIN, p[K_TERRAIN_LO], code, &slot) < 0 ||
            fb_put(&region, p[L_TERRAIN] + h * t1 + slot, 1.0) < 0)
            return -1;
        if (seq_long(numbers, h, &number) < 0)
            return -1;
        for (Py_ssize_t k = 0; k < self->table_len[T_NUMBERS]; k++) {
            if (self->table[T_NUMBERS][k] == number) {
                if (fb_put(&region, p[L_NUMBER] + h * p[K_NUMBER_KINDS] + k, 1.0) < 0)
                    return -1;
                break;
            }
        }
    }
    for (Py_ssize_t i = 0; i < self->harbour_len; i += 2) {
        long kind, slot;
        if (seq_long(harbour, self->harbour_nodes[i], &kind) < 0 ||
            code_slot(self, T_HARBOUR, p[K_HARBOUR_LO], kind, &slot) < 0)
            return -1;
        for (int j = 0; j < 2; j++)
            if (fb_put(&region, p[L_HARBOUR] + self->harbour_nodes[i + j] * p[K_HARBOUR_KINDS] + slot, 1.0) < 0)
                return -1;
    }
    long token;
    if (get_long(c, A_TOKEN_HEX, &token) < 0)
        return -1;
    if (token >= 0 && fb_put_at(&region, p[L_TOKEN], token, 1.0) < 0)
        return -1;
    PyObject *owner = get_list(c, A_NODE_OWNER), *level = get_list(c, A_NODE_LEVEL);
    PyObject *station = get_list(c, A_STATION);
    if (owner == NULL || level == NULL || station == NULL)
        return -1;
    for (Py_ssize_t node = 0; node < PyList_GET_SIZE(owner); node++) {
        long q, lv;
        if (fb_list_long(owner, node, &q) < 0)
            return -1;
        if (q < 0)
            continue;
        if (fb_list_long(level, node, &lv) < 0)
            return -1;
        long at = (lv == 2 ? p[L_CITY] : p[L_SETTLEMENT]) + node * n + rel(q, viewer, n);
        if (fb_put(&region, at, 1.0) < 0)
            return -1;
        int st = fb_list_truth(station, node);
        if (st < 0 || (st && fb_put(&region, p[L_STATION] + node, 1.0) < 0))
            return -1;
    }
    return write_edge_pieces(self, c, viewer, &region, p[L_ROAD], 0);
}

/* A one-hot relative seat at ``at`` (nothing for no seat), as CatanEncoder._holders reads a holder: -1 or None is
 * no seat, and so is the count of seats (the no-seat entry of its table); a number beyond that is an error. */
static int put_holder(fb_out *out, long at, long h, long viewer, long n)
{
    if (h == NO_SEAT || h < 0 || h == n)
        return 0;
    if (h > n) {
        PyErr_Format(PyExc_IndexError, "holder %ld is not a seat", h);
        return -1;
    }
    return fb_put(out, at + rel(h, viewer, n), 1.0);
}

/* Relative one-hots (multi-hot) of a list of seats. */
static int put_seats(fb_out *out, long at, PyObject *seats, long viewer, long n)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(seats); i++) {
        long q;
        if (fb_list_long(seats, i, &q) < 0 || fb_put(out, at + rel(q, viewer, n), 1.0) < 0)
            return -1;
    }
    return 0;
}

/* x into out[i] unless it is 0 (the buffer is zeroed). */
static inline int put(fb_out *out, Py_ssize_t i, double x)
{
    return x != 0.0 ? fb_put(out, i, x) : 0;
}

/* The sum of a list of ints. */
static int list_sum(PyObject *list, long *out)
{
    long s = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++) {
        long v;
        if (fb_as_long(PyList_GET_ITEM(list, i), &v) < 0 || small(v) < 0)
            return -1;
        s += v;
        if (small(s) < 0)
            return -1;
    }
    *out = s;
    return 0;
}

/* Phase to the last seat block (CatanEncoder.write_state's put_block), then the Seafarers fields. */
static int write_rest(Encoder *self, Ctx *c, long viewer, fb_out *out)
{
    const long *p = self->p;
    const long n = p[K_PLAYERS], res = p[K_RES], dev = p[K_DEV];
    /* the head: phase, seat to act, seat whose turn it is (_head_slots) */
    long phase, actor, turn;
    if (get_long(c, A_PHASE, &phase) < 0 || get_long(c, A_ACTOR, &actor) < 0 || get_seat(c, A_TURN, &turn) < 0)
        return -1;
    long first = p[L_PHASE] + p[K_PHASES] + 1;
    long to_act = phase == p[K_OVER] ? p[K_TERMINAL] : actor; /* state.current_player() */
    if (fb_put(out, p[L_PHASE] + (0 <= phase && phase < p[K_PHASES] ? phase : p[K_PHASES]), 1.0) < 0 ||
        (to_act >= 0 && fb_put(out, first + rel(to_act, viewer, n), 1.0) < 0) ||
        (turn != NO_SEAT && turn >= 0 && fb_put(out, first + n + rel(turn, viewer, n), 1.0) < 0))
        return -1;
    /* the middle (_middle) */
    long turn_count, free_roads;
    if (get_long(c, A_TURN_COUNT, &turn_count) < 0 || get_long(c, A_FREE_ROADS, &free_roads) < 0)
        return -1;
    if (put(out, p[L_TURN_NUMBER], (double)turn_count / 100) < 0)
        return -1;
    PyObject *dice = get_seq(c, A_DICE);
    if (dice == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < 2 && i < PySequence_Fast_GET_SIZE(dice); i++) {
        PyObject *d = PySequence_Fast_GET_ITEM(dice, i);
        long v = 0;
        if (PySequence_Fast_GET_SIZE(dice) != 2 && d == Py_None) /* (v or 0) when not two dice */
            continue;
        if (fb_as_long(d, &v) < 0 || put(out, p[L_DICE] + i, (double)v * (1.0 / 6)) < 0)
            return -1;
    }
    PyObject *bank = get_list(c, A_BANK);
    if (bank == NULL || check_len(bank, res, "bank") < 0)
        return -1;
    for (long r = 0; r < res; r++) {
        long v;
        if (fb_list_long(bank, r, &v) < 0 || put(out, p[L_BANK] + r, (double)v * (1.0 / 19)) < 0)
            return -1;
    }
    PyObject *deck = get_list(c, A_DEV_DECK);
    if (deck == NULL || put(out, p[L_DECK], (double)PyList_GET_SIZE(deck) / 25) < 0)
        return -1;
    long holders[3];
    if (get_seat(c, A_ROAD_HOLDER, &holders[0]) < 0 || get_seat(c, A_ARMY_HOLDER, &holders[1]) < 0 ||
        get_seat(c, A_WARDENS_HOLDER, &holders[2]) < 0)
        return -1;
    for (int k = 0; k < 3; k++)
        if (put_holder(out, p[L_HOLDERS] + k * n, holders[k], viewer, n) < 0)
            return -1;
    if (put(out, p[L_FREE_ROADS], (double)free_roads / 2) < 0)
        return -1;
    /* the offer (_offer_block) */
    int pending = 0; /* state.offer_pending: the phase is one of an offer on the table */
    for (Py_ssize_t i = 0; i < self->table_len[T_OFFER_PHASES]; i++)
        pending |= self->table[T_OFFER_PHASES][i] == phase;
    if (pending) {
        long at = p[L_OFFER];
        long stage = phase == p[K_TRADE_DRAFT] ? 0 : phase == p[K_TRADE_CONFIRM] ? 2 : 1;
        if (turn == NO_SEAT) {
            PyErr_SetString(PyExc_TypeError, "an offer is on the table with no seat whose turn it is");
            return -1;
        }
        if (fb_put(out, at, 1.0) < 0 || fb_put(out, at + 1 + stage, 1.0) < 0)
            return -1;
        at += 1 + p[K_STAGES];
        if (stage != 0 || viewer == turn) { /* a draft's cards are its composer's until proposed */
            PyObject *give = get_list(c, A_GIVE), *ask = get_list(c, A_ASK);
            if (give == NULL || ask == NULL || check_len(give, res, "give") < 0 || check_len(ask, res, "ask") < 0)
                return -1;
            for (long r = 0; r < res; r++) {
                long g, a;
                if (fb_list_long(give, r, &g) < 0 || fb_list_long(ask, r, &a) < 0 ||
                    put(out, at + r, (double)g * 0.25) < 0 || put(out, at + res + r, (double)a * 0.25) < 0)
                    return -1;
            }
        }
        at += 2 * res;
        PyObject *responders = get_list(c, A_RESPONDERS), *acceptors = get_list(c, A_ACCEPTORS);
        if (responders == NULL || acceptors == NULL || fb_put(out, at + rel(turn, viewer, n), 1.0) < 0 ||
            put_seats(out, at + n, responders, viewer, n) < 0 || put_seats(out, at + 2 * n, acceptors, viewer, n) < 0)
            return -1;
    }
    /* what the turn's trading left (_trade_left) */
    PyObject *declined = get_list(c, A_DECLINED), *fire_left = get_list(c, A_FIRE_LEFT);
    if (declined == NULL || fire_left == NULL || check_len(declined, n, "declined") < 0 ||
        check_len(fire_left, n, "fire_left") < 0)
        return -1;
    for (long k = 0; k < n; k++) {
        long seat = (viewer + k) % n, owed;
        int d = fb_list_truth(declined, seat);
        if (d < 0 || (d && fb_put(out, p[L_DECLINED] + k, 1.0) < 0))
            return -1;
        if (fb_list_long(fire_left, seat, &owed) < 0 || put(out, p[L_FIRE_OWED] + k, (double)owed * (1.0 / 5)) < 0)
            return -1;
    }
    /* the viewer's own block (_own_block) */
    PyObject *hands = get_list(c, A_HANDS), *dev_hand = get_list(c, A_DEV_HAND), *dev_new = get_list(c, A_DEV_NEW);
    if (hands == NULL || dev_hand == NULL || dev_new == NULL)
        return -1;
    PyObject *hand = fb_list_item_list(hands, viewer), *devs = NULL, *news = NULL;
    if (hand == NULL || check_len(hand, res, "hand") < 0 || (devs = fb_list_item_list(dev_hand, viewer)) == NULL ||
        check_len(devs, dev, "development hand") < 0 || (news = fb_list_item_list(dev_new, viewer)) == NULL ||
        check_len(news, dev, "new development cards") < 0)
        return -1;
    for (long r = 0; r < res; r++) {
        long v;
        if (fb_list_long(hand, r, &v) < 0 || put(out, p[L_MY_HAND] + r, (double)v * (1.0 / 10)) < 0)
            return -1;
    }
    for (long k = 0; k < dev; k++) {
        long a, b;
        if (fb_list_long(devs, k, &a) < 0 || fb_list_long(news, k, &b) < 0 ||
            put(out, p[L_MY_DEV] + k, (double)a) < 0 || put(out, p[L_MY_DEV] + dev + k, (double)b) < 0)
            return -1;
    }
    /* the seat blocks (_seat_blocks), counting the viewer's points on the way (state.total_vp) */
    PyObject *build_vp = get_list(c, A_BUILD_VP), *isles = get_list(c, A_ISLES);
    PyObject *roads_left = get_list(c, A_ROADS_LEFT), *settlements_left = get_list(c, A_SETTLEMENTS_LEFT);
    PyObject *cities_left = get_list(c, A_CITIES_LEFT), *stations_left = get_list(c, A_STATIONS_LEFT);
    PyObject *road_len = get_list(c, A_ROAD_LEN), *army = get_list(c, A_ARMY), *rates = get_list(c, A_RATES);
    PyObject *discard_left = get_list(c, A_DISCARD_LEFT);
    int firestorm = get_truth(c, A_FIRESTORM);
    if (build_vp == NULL || isles == NULL || roads_left == NULL || settlements_left == NULL || cities_left == NULL ||
        stations_left == NULL || road_len == NULL || army == NULL || rates == NULL || discard_left == NULL ||
        firestorm < 0)
        return -1;
    for (long k = 0; k < n; k++) {
        long seat = (viewer + k) % n, at = p[L_SEATS] + k * p[K_PER_SEAT];
        long cards, devcount, bvp, roads, settlements, cities, left, length, knights, discard;
        PyObject *h = fb_list_item_list(hands, seat), *d = NULL, *isle = NULL, *rate = NULL;
        if (h == NULL || list_sum(h, &cards) < 0 || (d = fb_list_item_list(dev_hand, seat)) == NULL ||
            list_sum(d, &devcount) < 0 || (isle = fb_list_item_list(isles, seat)) == NULL ||
            (rate = fb_list_item_list(rates, seat)) == NULL || check_len(rate, res, "harbour rates") < 0 ||
            fb_list_long(build_vp, seat, &bvp) < 0 || fb_list_long(roads_left, seat, &roads) < 0 ||
            fb_list_long(settlements_left, seat, &settlements) < 0 || fb_list_long(cities_left, seat, &cities) < 0 ||
            fb_list_long(stations_left, seat, &left) < 0 || fb_list_long(road_len, seat, &length) < 0 ||
            fb_list_long(army, seat, &knights) < 0 || fb_list_long(discard_left, seat, &discard) < 0 ||
            small(bvp) < 0 || small(left) < 0)
            return -1;
        long vp = bvp + p[K_ROAD_VP] * (holders[0] == seat) + p[K_ARMY_VP] * (holders[1] == seat) +
                  p[K_WARDENS_VP] * (holders[2] == seat) + p[K_ISLAND_VP] * (long)PyList_GET_SIZE(isle);
        if (k == 0) { /* the viewer's points, its hidden cards included */
            long hidden;
            if (p[K_VP_CARD] < 0 || p[K_VP_CARD] >= dev) {
                PyErr_SetString(PyExc_ValueError, "the victory point card is not a development card kind");
                return -1;
            }
            if (fb_list_long(devs, p[K_VP_CARD], &hidden) < 0 || small(hidden) < 0 || put(out, p[L_MY_VP], (double)(vp + hidden) / 10) < 0)
                return -1;
        }
        if (put(out, at + p[S_CARDS], (double)cards / 10) < 0 || put(out, at + p[S_DEVS], (double)devcount / 5) < 0 ||
            put(out, at + p[S_VP], (double)vp / 10) < 0 || put(out, at + p[S_PIECES], (double)roads / 15) < 0 ||
            put(out, at + p[S_PIECES] + 1, (double)settlements / 5) < 0 ||
            put(out, at + p[S_PIECES] + 2, (double)cities / 4) < 0 ||
            put(out, at + p[S_PIECES] + 3, (double)left / 5) < 0 ||
            put(out, at + p[S_STATIONS], (double)(firestorm ? p[K_FIRE_STATIONS] - left : 0) / 5) < 0 ||
            put(out, at + p[S_ROAD_LEN], (double)length / 15) < 0 ||
            put(out, at + p[S_KNIGHTS], (double)knights / 5) < 0 ||
            put(out, at + p[S_DISCARD], (double)discard / 10) < 0)
            return -1;
        for (long r = 0; r < res; r++) {
            long v;
            if (fb_list_long(rate, r, &v) < 0 || put(out, at + p[S_RATES] + r, (double)v * 0.25) < 0)
                return -1;
        }
    }
    if (!p[K_SEA])
        return 0;
    /* the Seafarers fields (_ships, _sea_block) */
    if (write_edge_pieces(self, c, viewer, out, p[L_SHIP], 1) < 0)
        return -1;
    long pirate;
    if (get_long(c, A_PIRATE_HEX, &pirate) < 0 || (pirate >= 0 && fb_put_at(out, p[L_PIRATE], pirate, 1.0) < 0))
        return -1;
    PyObject *ships_left = get_list(c, A_SHIPS_LEFT), *gold_left = get_list(c, A_GOLD_LEFT);
    if (ships_left == NULL || gold_left == NULL)
        return -1;
    for (long k = 0; k < n; k++) {
        long seat = (viewer + k) % n, at = p[L_SEA_SEATS] + k * p[K_SEA_PER_SEAT], ships, gold;
        PyObject *isle = fb_list_item_list(isles, seat);
        if (isle == NULL || fb_list_long(ships_left, seat, &ships) < 0 || fb_list_long(gold_left, seat, &gold) < 0 ||
            put(out, at, (double)ships / 15) < 0 || put(out, at + 1, (double)PyList_GET_SIZE(isle) / 4) < 0 ||
            put(out, at + 2, (double)gold / 4) < 0)
            return -1;
    }
    return 0;
}

/* write(state, viewer, out) */
static PyObject *Encoder_write(Encoder *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (self->board_tables == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the encoder was not initialised");
        return NULL;
    }
    long viewer;
    Py_buffer buf;
    fb_out out;
    if (fb_write_begin(args, nargs, self->p[K_PLAYERS], self->p[K_SIZE], &viewer, &buf, &out) < 0)
        return NULL;
    Ctx c = {args[0], &self->slots_of_state, {NULL}};
    PyObject *topo = NULL;
    int failed = fb_slots_prepare(&self->slots_of_state, args[0], NAMES, N_NAMES) < 0 ||
                 (topo = get(&c, A_TOPO)) == NULL || board_tables(self, topo) < 0 ||
                 write_board(self, &c, viewer, &out) < 0 || write_rest(self, &c, viewer, &out) < 0;
    ctx_clear(&c);
    return fb_write_end(&buf, &out, failed ? -1 : 0);
}

static PyMethodDef Encoder_methods[] = {
    {"write", (PyCFunction)(void (*)(void))Encoder_write, METH_FASTCALL,
     "write(state, viewer, out): seat viewer's observation of state into out, a zeroed float32 buffer."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EncoderType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "firebreak.games.catan._encode.Encoder",
    .tp_basicsize = sizeof(Encoder),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Catan's compiled observation writer (see CatanEncoder.write_state).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Encoder_init,
    .tp_dealloc = (destructor)Encoder_dealloc,
    .tp_methods = Encoder_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_encode", "Catan's compiled observation writer.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__encode(void)
{
    return fb_module_create(&module, &EncoderType, ATTR_NAMES, NAMES, N_NAMES);
}
