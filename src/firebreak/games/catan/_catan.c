/* Catan's hot rules in C: what CatanState answers in Python, the same lists in the same order.
 *
 * Why C: in random play the main phase's legal actions were a third of a classic game's time and more of a
 * Seafarers game's (the ship spots and the ships one may move, asked at every decision of a turn), a roll's payout
 * a tenth, and the Longest Road (Trade Route) counted after each piece laid or ship moved most of the rest of the
 * rules' own time on the Seafarers board. A Board is built once per player count and board (see .compiled) and
 * reads the state's own lists at each call, so the Python rules keep writing them as before:
 *
 * - ``main_actions(state, p, full)``: CatanState._main_actions without the trade offer (the caller adds it);
 * - ``dev_actions(state, p, out)``: DevelopmentMixin._dev_actions, appended to ``out``;
 * - ``road_spots(state, p)``: CatanState._road_spots (action ids); ``ship_spots(state, p)``:
 *   SeafarersMixin._ship_spots (edges); ``movable_ships(state, p)``: SeafarersMixin._movable_ships;
 * - ``produce(state, roll)``: the payout of CatanState._produce (hands, bank and gold owed written), the gains
 *   by seat and resource, or None when nobody gains a card;
 * - ``longest_road(p, edges, node_owner, ship)``: longest_road.longest_road, the longest trail (every trail
 *   walked: the networks are small, and the count is the same whatever the way it is found).
 *
 * tests/catan/test_compiled_rules.py compares each with the Python path in every position of random games on the
 * classic, 5-6 and Seafarers boards. Every read is checked: a list of the wrong length or an item of the wrong
 * type raises a Python exception. The scratch buffers are the board's own, used by one call at a time under the
 * GIL.
 */
#include "encode_c.h" /* the checked reads the games' compiled writers share (core/) */
#include <stdlib.h>

enum { O_ROAD, O_SETTLE, O_CITY, O_STATION, O_SHIP, O_MOVE_FROM, O_BUY_DEV, O_KNIGHT, O_ROAD_BUILDING, O_YOP,
       O_MONOPOLY, O_MARITIME, O_END_TURN, NOFF };
enum { D_KNIGHT, D_ROAD_BUILDING, D_YOP, D_MONOPOLY, NDEV };

typedef struct {
    PyObject_HEAD
    int nn, ne, nh, sea, gold;
    int *ne_start, *ne_list; /* [nn + 1], each crossing's paths */
    int *ea, *eb;            /* [ne]: each path's two crossings */
    unsigned char *eland, *esea;
    int *hex_nodes, *hex_edges; /* [nh * 6] */
    int off[NOFF];
    int dev[NDEV];
    int ship_cost[5];
    PyObject *ids; /* a tuple of every action id as an int, handed out without allocating */
    PyObject *costs; /* the last costs read (a tuple of tuples, so they cannot change), and their numbers */
    int cost[6][5];
    /* scratch */
    unsigned char *nflag, *sflag, *eflag, *used;
    int *ints, *ints2, *count, *split, *near;
    int *adj, *adj_edge, *deg; /* the split network of longest_road: up to 3 neighbours a split crossing */
} Board;

enum {
    N_HANDS, N_COSTS, N_ROADS_LEFT, N_SETTLEMENTS_LEFT, N_CITIES_LEFT, N_STATIONS_LEFT, N_REACH, N_SREACH,
    N_BUILDABLE, N_NODE_OWNER, N_NODE_LEVEL, N_STATION, N_EDGE_OWNER, N_FIRESTORM, N_CLASSIC, N_SHIPS_LEFT,
    N_EDGE_SHIP, N_PLAYER_EDGES, N_SHIPS_NEW, N_PIRATE_HEX, N_SHIP_MOVED, N_DEV_DECK, N_DEV_PLAYED, N_DEV_HAND,
    N_DEV_NEW, N_BANK, N_RATES, N_ROLL_HEXES, N_TOKEN_HEX, N_TERRAIN, N_GOLD_LEFT, N_NUM_PLAYERS, N_NAMES
};
static const char *const ATTR_NAMES[N_NAMES] = {
    "hands", "costs", "roads_left", "settlements_left", "cities_left", "stations_left", "reach", "sreach",
    "buildable", "node_owner", "node_level", "station", "edge_owner", "firestorm", "classic", "ships_left",
    "edge_ship", "player_edges", "ships_new", "pirate_hex", "ship_moved", "dev_deck", "dev_played", "dev_hand",
    "dev_new", "bank", "rates", "roll_hexes", "token_hex", "terrain", "gold_left", "num_players"
};
static PyObject *NAMES[N_NAMES]; /* interned once, at import; S_<name> below is the name's string */
#define S_hands NAMES[N_HANDS]
#define S_costs NAMES[N_COSTS]
#define S_roads_left NAMES[N_ROADS_LEFT]
#define S_settlements_left NAMES[N_SETTLEMENTS_LEFT]
#define S_cities_left NAMES[N_CITIES_LEFT]
#define S_stations_left NAMES[N_STATIONS_LEFT]
#define S_reach NAMES[N_REACH]
#define S_sreach NAMES[N_SREACH]
#define S_buildable NAMES[N_BUILDABLE]
#define S_node_owner NAMES[N_NODE_OWNER]
#define S_node_level NAMES[N_NODE_LEVEL]
#define S_station NAMES[N_STATION]
#define S_edge_owner NAMES[N_EDGE_OWNER]
#define S_firestorm NAMES[N_FIRESTORM]
#define S_classic NAMES[N_CLASSIC]
#define S_ships_left NAMES[N_SHIPS_LEFT]
#define S_edge_ship NAMES[N_EDGE_SHIP]
#define S_player_edges NAMES[N_PLAYER_EDGES]
#define S_ships_new NAMES[N_SHIPS_NEW]
#define S_pirate_hex NAMES[N_PIRATE_HEX]
#define S_ship_moved NAMES[N_SHIP_MOVED]
#define S_dev_deck NAMES[N_DEV_DECK]
#define S_dev_played NAMES[N_DEV_PLAYED]
#define S_dev_hand NAMES[N_DEV_HAND]
#define S_dev_new NAMES[N_DEV_NEW]
#define S_bank NAMES[N_BANK]
#define S_rates NAMES[N_RATES]
#define S_roll_hexes NAMES[N_ROLL_HEXES]
#define S_token_hex NAMES[N_TOKEN_HEX]
#define S_terrain NAMES[N_TERRAIN]
#define S_gold_left NAMES[N_GOLD_LEFT]
#define S_num_players NAMES[N_NUM_PLAYERS]


static void Board_dealloc(Board *self)
{
    free(self->ne_start);
    free(self->ne_list);
    free(self->ea);
    free(self->eb);
    free(self->eland);
    free(self->esea);
    free(self->hex_nodes);
    free(self->hex_edges);
    free(self->nflag);
    free(self->sflag);
    free(self->eflag);
    free(self->used);
    free(self->ints);
    free(self->ints2);
    free(self->count);
    free(self->split);
    free(self->near);
    free(self->adj);
    free(self->adj_edge);
    free(self->deg);
    Py_XDECREF(self->ids);
    Py_XDECREF(self->costs);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* --- checked reads ----------------------------------------------------------------------------------------- */

/* Item i of a list or tuple as a long; -1 with an exception set when i is out of range or the item no int.
 * (Callers test PyErr_Occurred() where -1 is a possible value.) */
static long item(PyObject *seq, Py_ssize_t i)
{
    PyObject *x;
    if (PyList_Check(seq)) {
        if (i < 0 || i >= PyList_GET_SIZE(seq))
            goto range;
        x = PyList_GET_ITEM(seq, i);
    } else if (PyTuple_Check(seq)) {
        if (i < 0 || i >= PyTuple_GET_SIZE(seq))
            goto range;
        x = PyTuple_GET_ITEM(seq, i);
    } else {
        PyErr_SetString(PyExc_TypeError, "expected a list or tuple of ints");
        return -1;
    }
    long v;
    return fb_as_long(x, &v) < 0 ? -1 : v;
range:
    PyErr_SetString(PyExc_IndexError, "a list of the state is shorter than the board needs");
    return -1;
}

/* Item i of a list or tuple (borrowed), or NULL with an exception set. */
static PyObject *row(PyObject *seq, Py_ssize_t i)
{
    if (PyList_Check(seq) && i >= 0 && i < PyList_GET_SIZE(seq))
        return PyList_GET_ITEM(seq, i);
    if (PyTuple_Check(seq) && i >= 0 && i < PyTuple_GET_SIZE(seq))
        return PyTuple_GET_ITEM(seq, i);
    PyErr_SetString(PyExc_IndexError, "a list of the state is shorter than the board needs");
    return NULL;
}

static Py_ssize_t length(PyObject *seq)
{
    if (PyList_Check(seq))
        return PyList_GET_SIZE(seq);
    if (PyTuple_Check(seq))
        return PyTuple_GET_SIZE(seq);
    PyErr_SetString(PyExc_TypeError, "expected a list or tuple");
    return -1;
}

/* Item i of state.<name>: a seat's row of a list of lists (borrowed from *holder, a new reference the caller
 * releases), or NULL with an exception set. */
static PyObject *seat_row(PyObject *state, PyObject *name, Py_ssize_t p, PyObject **holder)
{
    *holder = PyObject_GetAttr(state, name);
    if (*holder == NULL)
        return NULL;
    return row(*holder, p);
}

/* state.<name>[p] as a long (-1 with an exception set on error). */
static long seat_int(PyObject *state, PyObject *name, Py_ssize_t p)
{
    PyObject *seq = PyObject_GetAttr(state, name);
    if (seq == NULL)
        return -1;
    long v = item(seq, p);
    Py_DECREF(seq);
    return v;
}

/* state.<name> as a long; -1 with an exception set on error. */
static long attr_int(PyObject *state, PyObject *name)
{
    long v;
    return fb_long_attr(state, name, &v) < 0 ? -1 : v;
}

/* The truth of state.<name>: 0 or 1, -1 with an exception set. */
static int attr_true(PyObject *state, PyObject *name)
{
    PyObject *x = PyObject_GetAttr(state, name);
    if (x == NULL)
        return -1;
    int v = PyObject_IsTrue(x);
    Py_DECREF(x);
    return v;
}

/* A list of exactly n items (state.<name>, new reference) or NULL with an exception set. */
static PyObject *sized_list(PyObject *state, PyObject *name, Py_ssize_t n)
{
    PyObject *x = PyObject_GetAttr(state, name);
    if (x == NULL)
        return NULL;
    if (!PyList_Check(x) || PyList_GET_SIZE(x) != n) {
        PyErr_Format(PyExc_ValueError, "the state's %U must be a list with one item a place of the board", name);
        Py_DECREF(x);
        return NULL;
    }
    return x;
}

/* Read five ints of a hand, cost or bank row into out; -1 with an exception set. */
static int five(PyObject *seq, int *out)
{
    if (length(seq) != 5) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "a row of resources must hold five numbers");
        return -1;
    }
    for (int r = 0; r < 5; r++) {
        out[r] = (int)item(seq, r);
        if (out[r] == -1 && PyErr_Occurred())
            return -1;
    }
    return 0;
}

static int affords(const int *hand, const int *cost)
{
    for (int r = 0; r < 5; r++)
        if (hand[r] < cost[r])
            return 0;
    return 1;
}

/* Flag the crossings of a set of crossings in flags; the number of crossings, or -1 with an exception set. */
static int flag_nodes(Board *b, PyObject *set, unsigned char *flags)
{
    PyObject *it = PyObject_GetIter(set), *x;
    int k = 0;
    if (it == NULL)
        return -1;
    while ((x = PyIter_Next(it)) != NULL) {
        long n = PyLong_AsLong(x);
        Py_DECREF(x);
        if (n < 0 || n >= b->nn) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a crossing out of the board's range");
            Py_DECREF(it);
            return -1;
        }
        flags[n] = 1;
        k++;
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : k;
}

/* Append id to a list from the board's ids; -1 with an exception set. */
static int put(Board *b, PyObject *out, long id)
{
    if (id < 0 || id >= PyTuple_GET_SIZE(b->ids)) {
        PyErr_SetString(PyExc_ValueError, "an action id outside the action space");
        return -1;
    }
    return PyList_Append(out, PyTuple_GET_ITEM(b->ids, id));
}

/* --- the pieces of the main phase ---------------------------------------------------------------------------- */

/* Flag in b->eflag the free paths of a kind (land or sea) at the flagged crossings of b->nflag (which are cleared);
 * then, in ascending order, append base + path to out (out != NULL) or write the paths to b->ints (their count is
 * returned). Paths beside the pirate's hex (pirate >= 0) are left out. -1 with an exception set. */
static int free_paths(Board *b, PyObject *edge_owner, const unsigned char *kind, int pirate, PyObject *out, long base)
{
    int nn = b->nn, ne = b->ne, k = 0;
    for (int n = 0; n < nn; n++) {
        if (!b->nflag[n])
            continue;
        b->nflag[n] = 0;
        for (int i = b->ne_start[n]; i < b->ne_start[n + 1]; i++) {
            int e = b->ne_list[i];
            if (kind[e] && item(edge_owner, e) < 0)
                b->eflag[e] = 1;
        }
    }
    if (PyErr_Occurred()) {
        memset(b->eflag, 0, ne);
        return -1;
    }
    if (pirate >= 0)
        for (int i = 0; i < 6; i++)
            b->eflag[b->hex_edges[pirate * 6 + i]] = 0;
    for (int e = 0; e < ne; e++) {
        if (!b->eflag[e])
            continue;
        b->eflag[e] = 0;
        if (out != NULL) {
            if (put(b, out, base + e) < 0) {
                memset(b->eflag, 0, ne);
                return -1;
            }
        } else {
            b->ints[k] = e;
        }
        k++;
    }
    return k;
}

/* The road spots of p (CatanState._road_spots) appended to out. */
static int road_spots_into(Board *b, PyObject *state, Py_ssize_t p, PyObject *out)
{
    PyObject *reach = NULL, *eo = sized_list(state, S_edge_owner, b->ne);
    PyObject *mine = eo ? seat_row(state, S_reach, p, &reach) : NULL;
    int k = -1;
    if (mine != NULL && flag_nodes(b, mine, b->nflag) >= 0)
        k = free_paths(b, eo, b->eland, -1, out, b->off[O_ROAD]);
    memset(b->nflag, 0, b->nn);
    Py_XDECREF(eo);
    Py_XDECREF(reach);
    return k;
}

/* The ship spots of p (SeafarersMixin._ship_spots) into b->ints; their count, or -1 with an exception set. */
static int ship_spots_into(Board *b, PyObject *state, Py_ssize_t p)
{
    PyObject *sreach = NULL, *eo = sized_list(state, S_edge_owner, b->ne);
    PyObject *mine = eo ? seat_row(state, S_sreach, p, &sreach) : NULL;
    int k = -1;
    long pirate = mine ? attr_int(state, S_pirate_hex) : -1;
    if (pirate >= b->nh) {
        PyErr_SetString(PyExc_ValueError, "the pirate's hex is off the board");
    } else if (mine != NULL && !PyErr_Occurred() && flag_nodes(b, mine, b->nflag) >= 0) {
        k = free_paths(b, eo, b->esea, (int)pirate, NULL, 0);
    }
    memset(b->nflag, 0, b->nn);
    Py_XDECREF(eo);
    Py_XDECREF(sreach);
    return k;
}

/* The ships p may move (SeafarersMixin._movable_ships) appended to out as base + path; spots: the ship spots in
 * b->ints if known (their count), else -1. Returns 0, or -1 with an exception set. */
static int movable_into(Board *b, PyObject *state, Py_ssize_t p, int spots, PyObject *out, long base)
{
    PyObject *pe_all = NULL, *pe, *es = NULL, *no = NULL, *new = NULL, *sreach_all = NULL, *sreach;
    int rc = -1, nships = 0, near_known = 0, nnear = 0;
    int *ships = b->ints2, *near = b->near;
    pe = seat_row(state, S_player_edges, p, &pe_all);
    if (pe == NULL)
        goto done;
    es = sized_list(state, S_edge_ship, b->ne);
    if (es == NULL)
        goto done;
    Py_ssize_t m = length(pe);
    if (m < 0)
        goto done;
    for (Py_ssize_t i = 0; i < m; i++) {
        long e = item(pe, i);
        if (e < 0 || e >= b->ne) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a path out of the board's range");
            goto done;
        }
        long s = item(es, e);
        if (s == -1 && PyErr_Occurred())
            goto done;
        if (s)
            ships[nships++] = (int)e;
    }
    if (nships == 0) {
        rc = 0;
        goto done;
    }
    for (int i = 1; i < nships; i++) { /* ascending */
        int e = ships[i], j = i - 1;
        while (j >= 0 && ships[j] > e) {
            ships[j + 1] = ships[j];
            j--;
        }
        ships[j + 1] = e;
    }
    for (int i = 0; i < nships; i++) {
        b->count[b->ea[ships[i]]]++;
        b->count[b->eb[ships[i]]]++;
    }
    no = sized_list(state, S_node_owner, b->nn);
    if (no == NULL)
        goto done;
    new = PyObject_GetAttr(state, S_ships_new);
    if (new == NULL)
        goto done;
    Py_ssize_t nnew = length(new);
    if (nnew < 0)
        goto done;
    long pirate = attr_int(state, S_pirate_hex);
    if ((pirate == -1 && PyErr_Occurred()) || pirate >= b->nh) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "the pirate's hex is off the board");
        goto done;
    }
    for (int i = 0; i < nships; i++) {
        int e = ships[i], skip = 0;
        for (Py_ssize_t j = 0; j < nnew && !skip; j++)
            skip = item(new, j) == e;
        if (pirate >= 0)
            for (int j = 0; j < 6 && !skip; j++)
                skip = b->hex_edges[pirate * 6 + j] == e;
        if (PyErr_Occurred())
            goto done;
        if (skip)
            continue;
        int a = b->ea[e], c = b->eb[e];
        int free_a = item(no, a) != p && b->count[a] == 1, free_c = item(no, c) != p && b->count[c] == 1;
        if (PyErr_Occurred())
            goto done;
        if (!free_a && !free_c)
            continue;
        if (!near_known) { /* the crossings of p's route next to a free sea path */
            near_known = 1;
            if (spots < 0 && (spots = ship_spots_into(b, state, p)) < 0)
                goto done;
            sreach = seat_row(state, S_sreach, p, &sreach_all);
            if (sreach == NULL || flag_nodes(b, sreach, b->sflag) < 0)
                goto done;
            for (int i2 = 0; i2 < spots; i2++) {
                int f = b->ints[i2], ends[2] = {b->ea[f], b->eb[f]};
                for (int k = 0; k < 2; k++)
                    if (b->sflag[ends[k]] && !b->nflag[ends[k]]) {
                        b->nflag[ends[k]] = 1;
                        near[nnear++] = ends[k];
                    }
            }
        }
        for (int k = 0; k < nnear; k++) {
            int v = near[k];
            if (!((v == a && free_a) || (v == c && free_c))) {
                if (put(b, out, base + e) < 0)
                    goto done;
                break;
            }
        }
    }
    rc = 0;
done:
    for (int i = 0; i < nships; i++) {
        b->count[b->ea[ships[i]]] = 0;
        b->count[b->eb[ships[i]]] = 0;
    }
    for (int k = 0; k < nnear; k++)
        b->nflag[near[k]] = 0;
    memset(b->sflag, 0, b->nn);
    Py_XDECREF(pe_all);
    Py_XDECREF(es);
    Py_XDECREF(no);
    Py_XDECREF(new);
    Py_XDECREF(sreach_all);
    return rc;
}

/* Whether Road Building may place a free piece now (DevelopmentMixin._free_builds is not empty): 1, 0, or -1. */
static int any_free_build(Board *b, PyObject *state, Py_ssize_t p)
{
    long roads = seat_int(state, S_roads_left, p);
    if (roads == -1 && PyErr_Occurred())
        return -1;
    if (roads) {
        PyObject *probe = PyList_New(0);
        if (probe == NULL)
            return -1;
        int k = road_spots_into(b, state, p, probe);
        Py_DECREF(probe);
        if (k != 0)
            return k < 0 ? -1 : 1;
    }
    if (!b->sea)
        return 0;
    long ships = seat_int(state, S_ships_left, p);
    if (ships == -1 && PyErr_Occurred())
        return -1;
    if (!ships)
        return 0;
    int k = ship_spots_into(b, state, p);
    return k < 0 ? -1 : k > 0;
}

/* DevelopmentMixin._dev_actions: the development cards playable now, appended to out; 0 or -1. */
static int dev_into(Board *b, PyObject *state, Py_ssize_t p, PyObject *out)
{
    PyObject *hands, *news, *hand, *new, *bank_obj = NULL;
    int h[5], n[5], bank[5], rc = -1;
    hand = seat_row(state, S_dev_hand, p, &hands);
    if (hand == NULL) {
        Py_XDECREF(hands);
        return -1;
    }
    new = seat_row(state, S_dev_new, p, &news);
    if (new == NULL || five(hand, h) < 0 || five(new, n) < 0)
        goto done;
    if (h[b->dev[D_KNIGHT]] > n[b->dev[D_KNIGHT]] && put(b, out, b->off[O_KNIGHT]) < 0)
        goto done;
    if (h[b->dev[D_ROAD_BUILDING]] > n[b->dev[D_ROAD_BUILDING]]) {
        int any = any_free_build(b, state, p);
        if (any < 0 || (any && put(b, out, b->off[O_ROAD_BUILDING]) < 0))
            goto done;
    }
    if (h[b->dev[D_YOP]] > n[b->dev[D_YOP]]) {
        bank_obj = PyObject_GetAttr(state, S_bank);
        if (bank_obj == NULL || five(bank_obj, bank) < 0)
            goto done;
        int i = 0;
        for (int x = 0; x < 5; x++)
            for (int y = x; y < 5; y++, i++)
                if ((x == y ? bank[x] >= 2 : bank[x] && bank[y]) && put(b, out, b->off[O_YOP] + i) < 0)
                    goto done;
    }
    if (h[b->dev[D_MONOPOLY]] > n[b->dev[D_MONOPOLY]])
        for (int r = 0; r < 5; r++)
            if (put(b, out, b->off[O_MONOPOLY] + r) < 0)
                goto done;
    rc = 0;
done:
    Py_DECREF(hands);
    Py_XDECREF(news);
    Py_XDECREF(bank_obj);
    return rc;
}

/* Crossings of a seat's set (flagged in b->nflag) that pass a test, appended in ascending order as base + n. */
enum { PICK_BUILDABLE, PICK_CITY, PICK_STATION };

static int pick_nodes(Board *b, PyObject *state, Py_ssize_t p, PyObject *out, int how, long base)
{
    PyObject *a = NULL, *c = NULL;
    int rc = -1, nn = b->nn;
    if (how == PICK_BUILDABLE) {
        a = sized_list(state, S_buildable, nn);
    } else {
        a = sized_list(state, S_node_owner, nn);
        c = a ? sized_list(state, how == PICK_CITY ? S_node_level : S_station, nn) : NULL;
    }
    if (a == NULL || (how != PICK_BUILDABLE && c == NULL))
        goto done;
    for (int n = 0; n < nn; n++) {
        if (!b->nflag[n])
            continue;
        int ok;
        if (how == PICK_BUILDABLE)
            ok = item(a, n) != 0;
        else if (how == PICK_CITY)
            ok = item(a, n) == p && item(c, n) == 1;
        else
            ok = item(a, n) == p && item(c, n) == 0;
        if (PyErr_Occurred())
            goto done;
        if (ok && put(b, out, base + n) < 0)
            goto done;
    }
    rc = 0;
done:
    memset(b->nflag, 0, (unsigned)nn);
    Py_XDECREF(a);
    Py_XDECREF(c);
    return rc;
}

/* Flag the crossings of state.<name>[p] in b->nflag; 0 or -1 (flags cleared on error). */
static int flag_seat_set(Board *b, PyObject *state, PyObject *name, Py_ssize_t p)
{
    PyObject *all, *set = seat_row(state, name, p, &all);
    int k = set ? flag_nodes(b, set, b->nflag) : -1;
    Py_XDECREF(all);
    if (k < 0)
        memset(b->nflag, 0, b->nn);
    return k < 0 ? -1 : 0;
}

static PyObject *Board_main_actions(Board *b, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "main_actions(state, player, full)");
        return NULL;
    }
    PyObject *state = args[0], *hands = NULL, *costs = NULL, *out = NULL, *x;
    Py_ssize_t p = PyLong_AsSsize_t(args[1]);
    int full = PyObject_IsTrue(args[2]);
    int h[5], cost[6][5];
    if ((p == -1 && PyErr_Occurred()) || full < 0)
        return NULL;
    PyObject *hand = seat_row(state, S_hands, p, &hands);
    if (hand == NULL || five(hand, h) < 0)
        goto fail;
    costs = PyObject_GetAttr(state, S_costs);
    if (costs == NULL)
        goto fail;
    if (costs != b->costs || !PyTuple_CheckExact(costs)) { /* a tuple of tuples of ints: read once, then known */
        Py_ssize_t ncosts = length(costs);
        if (ncosts < 5) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "the state's costs must hold five items or more");
            goto fail;
        }
        for (int i = 0; i < 6; i++) {
            if (i == 5 && ncosts < 6) { /* no ship cost among the rule parameters: the printed one */
                memcpy(cost[5], b->ship_cost, sizeof cost[5]);
                continue;
            }
            if ((x = row(costs, i)) == NULL || five(x, cost[i]) < 0)
                goto fail;
        }
        int frozen = PyTuple_CheckExact(costs);
        for (Py_ssize_t i = 0; i < ncosts && frozen; i++)
            frozen = PyTuple_CheckExact(PyTuple_GET_ITEM(costs, i));
        if (frozen) {
            Py_INCREF(costs);
            Py_XSETREF(b->costs, costs);
            memcpy(b->cost, cost, sizeof cost);
        }
    } else {
        memcpy(cost, b->cost, sizeof cost);
    }
    out = PyList_New(0);
    if (out == NULL || put(b, out, b->off[O_END_TURN]) < 0)
        goto fail;
    long left;
#define LEFT(name) ((left = seat_int(state, name, p)) == -1 && PyErr_Occurred() ? -1 : left != 0)
    int ok;
    if (affords(h, cost[0])) { /* a road */
        if ((ok = LEFT(S_roads_left)) < 0 || (ok && road_spots_into(b, state, p, out) < 0))
            goto fail;
    }
    if (affords(h, cost[1])) { /* a settlement */
        if ((ok = LEFT(S_settlements_left)) < 0)
            goto fail;
        if (ok && (flag_seat_set(b, state, S_reach, p) < 0 || (b->sea && flag_seat_set(b, state, S_sreach, p) < 0) ||
                   pick_nodes(b, state, p, out, PICK_BUILDABLE, b->off[O_SETTLE]) < 0))
            goto fail;
    }
    if (affords(h, cost[2])) { /* a city */
        if ((ok = LEFT(S_cities_left)) < 0)
            goto fail;
        if (ok && (flag_seat_set(b, state, S_reach, p) < 0 ||
                   pick_nodes(b, state, p, out, PICK_CITY, b->off[O_CITY]) < 0))
            goto fail;
    }
    int firestorm = attr_true(state, S_firestorm);
    if (firestorm < 0)
        goto fail;
    if (firestorm && affords(h, cost[4])) { /* a fire station */
        if ((ok = LEFT(S_stations_left)) < 0)
            goto fail;
        if (ok && (flag_seat_set(b, state, S_reach, p) < 0 ||
                   pick_nodes(b, state, p, out, PICK_STATION, b->off[O_STATION]) < 0))
            goto fail;
    }
    if (b->sea) {
        int spots = -1; /* where a ship may go, found once for building and moving ships */
        if (affords(h, cost[5])) {
            if ((ok = LEFT(S_ships_left)) < 0)
                goto fail;
            if (ok) {
                if ((spots = ship_spots_into(b, state, p)) < 0)
                    goto fail;
                for (int i = 0; i < spots; i++)
                    if (put(b, out, b->off[O_SHIP] + b->ints[i]) < 0)
                        goto fail;
            }
        }
        if (full) {
            int moved = attr_true(state, S_ship_moved);
            if (moved < 0 || (!moved && movable_into(b, state, p, spots, out, b->off[O_MOVE_FROM]) < 0))
                goto fail;
        }
    }
#undef LEFT
    int classic = attr_true(state, S_classic);
    if (classic < 0)
        goto fail;
    if (classic) {
        if (affords(h, cost[3])) {
            int deck = attr_true(state, S_dev_deck);
            if (deck < 0 || (deck && put(b, out, b->off[O_BUY_DEV]) < 0))
                goto fail;
        }
        if (full) {
            int played = attr_true(state, S_dev_played);
            if (played < 0 || (!played && dev_into(b, state, p, out) < 0))
                goto fail;
        }
    }
    if (full) { /* maritime trades */
        PyObject *rates_all, *bank_obj, *rates_row = seat_row(state, S_rates, p, &rates_all);
        int rates[5], bank[5], best = 0, cheapest = 1 << 30;
        if (rates_row == NULL || five(rates_row, rates) < 0) {
            Py_XDECREF(rates_all);
            goto fail;
        }
        Py_DECREF(rates_all);
        for (int r = 0; r < 5; r++) {
            if (h[r] > best)
                best = h[r];
            if (rates[r] < cheapest)
                cheapest = rates[r];
        }
        if (best >= cheapest) {
            bank_obj = PyObject_GetAttr(state, S_bank);
            int bad = bank_obj == NULL || five(bank_obj, bank) < 0;
            Py_XDECREF(bank_obj);
            if (bad)
                goto fail;
            for (int r = 0; r < 5; r++)
                if (h[r] >= rates[r])
                    for (int s = 0; s < 5; s++)
                        if (s != r && bank[s] && put(b, out, b->off[O_MARITIME] + r * 4 + (s < r ? s : s - 1)) < 0)
                            goto fail;
        }
    }
    Py_DECREF(hands);
    Py_DECREF(costs);
    return out;
fail:
    Py_XDECREF(hands);
    Py_XDECREF(costs);
    Py_XDECREF(out);
    return NULL;
}

static PyObject *Board_dev_actions(Board *b, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || !PyList_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "dev_actions(state, player, out): out a list");
        return NULL;
    }
    Py_ssize_t p = PyLong_AsSsize_t(args[1]);
    if ((p == -1 && PyErr_Occurred()) || dev_into(b, args[0], p, args[2]) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static int state_and_seat(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t *p, const char *usage)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "%s(state, player)", usage);
        return -1;
    }
    *p = PyLong_AsSsize_t(args[1]);
    return *p == -1 && PyErr_Occurred() ? -1 : 0;
}

static PyObject *Board_road_spots(Board *b, PyObject *const *args, Py_ssize_t nargs)
{
    Py_ssize_t p;
    if (state_and_seat(args, nargs, &p, "road_spots") < 0)
        return NULL;
    PyObject *out = PyList_New(0);
    if (out != NULL && road_spots_into(b, args[0], p, out) < 0)
        Py_CLEAR(out);
    return out;
}

static PyObject *Board_ship_spots(Board *b, PyObject *const *args, Py_ssize_t nargs)
{
    Py_ssize_t p;
    if (state_and_seat(args, nargs, &p, "ship_spots") < 0)
        return NULL;
    int k = ship_spots_into(b, args[0], p);
    if (k < 0)
        return NULL;
    PyObject *out = PyList_New(k);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *id = PyTuple_GET_ITEM(b->ids, b->ints[i]); /* ids up to ne exist: the space is larger */
        Py_INCREF(id);
        PyList_SET_ITEM(out, i, id);
    }
    return out;
}

static PyObject *Board_movable_ships(Board *b, PyObject *const *args, Py_ssize_t nargs)
{
    Py_ssize_t p;
    if (state_and_seat(args, nargs, &p, "movable_ships") < 0)
        return NULL;
    PyObject *out = PyList_New(0);
    if (out != NULL && movable_into(b, args[0], p, -1, out, 0) < 0)
        Py_CLEAR(out);
    return out;
}

/* --- a roll's payout ----------------------------------------------------------------------------------------- */

/* Add k to list[i] (an int). */
static int add_to(PyObject *list, Py_ssize_t i, long k)
{
    long v = item(list, i);
    if (v == -1 && PyErr_Occurred())
        return -1;
    PyObject *x = PyLong_FromLong(v + k);
    if (x == NULL)
        return -1;
    if (!PyList_Check(list)) {
        Py_DECREF(x);
        PyErr_SetString(PyExc_TypeError, "expected a list of ints");
        return -1;
    }
    return PyList_SetItem(list, i, x);
}

static PyObject *Board_produce(Board *b, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "produce(state, roll)");
        return NULL;
    }
    PyObject *state = args[0], *rh = NULL, *terrain = NULL, *lv = NULL, *no = NULL, *gold = NULL, *bank_obj = NULL;
    PyObject *hands = NULL, *out = NULL;
    long s = PyLong_AsLong(args[1]), n = attr_int(state, S_num_players), token = attr_int(state, S_token_hex);
    int gains[6][5], total[5] = {0, 0, 0, 0, 0};
    if (PyErr_Occurred())
        return NULL;
    if (n < 1 || n > 6) {
        PyErr_SetString(PyExc_ValueError, "Catan seats 1 to 6 players");
        return NULL;
    }
    memset(gains, 0, sizeof gains);
    rh = PyObject_GetAttr(state, S_roll_hexes);
    PyObject *hexes = rh ? row(rh, s) : NULL;
    if (hexes == NULL || (terrain = PyObject_GetAttr(state, S_terrain)) == NULL ||
        (lv = sized_list(state, S_node_level, b->nn)) == NULL || (no = sized_list(state, S_node_owner, b->nn)) == NULL)
        goto done;
    Py_ssize_t m = length(hexes);
    if (m < 0)
        goto done;
    for (Py_ssize_t i = 0; i < m; i++) {
        long hx = item(hexes, i);
        if (hx < 0 || hx >= b->nh) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a hex off the board");
            goto done;
        }
        if (hx == token)
            continue;
        long r = item(terrain, hx);
        if (r != b->gold && (r < 0 || r >= 5)) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a numbered hex without a resource");
            goto done;
        }
        for (int k = 0; k < 6; k++) {
            int node = b->hex_nodes[hx * 6 + k];
            long level = item(lv, node);
            if (!level)
                continue;
            long q = item(no, node);
            if (q < 0 || q >= n) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a building without an owner");
                goto done;
            }
            if (r == b->gold) { /* Seafarers: a gold field owes a choice of resource */
                if (gold == NULL && (gold = PyObject_GetAttr(state, S_gold_left)) == NULL)
                    goto done;
                if (add_to(gold, q, level) < 0)
                    goto done;
                continue;
            }
            gains[q][r] += (int)level;
            total[r] += (int)level;
        }
    }
    if (!(total[0] || total[1] || total[2] || total[3] || total[4])) {
        out = Py_None;
        Py_INCREF(out);
        goto done;
    }
    int bank[5];
    if ((bank_obj = PyObject_GetAttr(state, S_bank)) == NULL || five(bank_obj, bank) < 0 ||
        (hands = PyObject_GetAttr(state, S_hands)) == NULL)
        goto done;
    for (int r = 0; r < 5; r++) {
        int owed = total[r];
        if (!owed)
            continue;
        if (owed <= bank[r]) { /* enough left: everyone owed is paid */
            if (add_to(bank_obj, r, -owed) < 0)
                goto done;
            for (int q = 0; q < n; q++) {
                PyObject *hq = gains[q][r] ? row(hands, q) : NULL;
                if (gains[q][r] && (hq == NULL || add_to(hq, r, gains[q][r]) < 0))
                    goto done;
            }
            continue;
        }
        int takers = 0, taker = -1;
        for (int q = 0; q < n; q++)
            if (gains[q][r]) {
                takers++;
                taker = q;
            }
        if (takers == 1) { /* shortage with one player owed: that player takes what the bank has left */
            PyObject *hq = row(hands, taker);
            if (hq == NULL || add_to(hq, r, bank[r]) < 0 || add_to(bank_obj, r, -bank[r]) < 0)
                goto done;
            gains[taker][r] = bank[r];
        } else { /* shortage with several players owed: nobody receives this resource */
            for (int q = 0; q < n; q++)
                gains[q][r] = 0;
        }
    }
    out = PyList_New(n);
    if (out == NULL)
        goto done;
    for (int q = 0; q < n; q++) {
        PyObject *g = Py_BuildValue("[iiiii]", gains[q][0], gains[q][1], gains[q][2], gains[q][3], gains[q][4]);
        if (g == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, q, g);
    }
done:
    Py_XDECREF(rh);
    Py_XDECREF(terrain);
    Py_XDECREF(lv);
    Py_XDECREF(no);
    Py_XDECREF(gold);
    Py_XDECREF(bank_obj);
    Py_XDECREF(hands);
    if (PyErr_Occurred())
        Py_CLEAR(out);
    return out;
}

/* --- the Longest Road and Trade Route ------------------------------------------------------------------------ */

/* The longest trail from x (every trail tried; b->used marks the pieces on the current trail). */
static int walk(Board *b, int x)
{
    int longest = 0;
    for (int i = 0; i < b->deg[x]; i++) {
        int piece = b->adj_edge[x * 3 + i];
        if (b->used[piece])
            continue;
        b->used[piece] = 1;
        int further = 1 + walk(b, b->adj[x * 3 + i]);
        b->used[piece] = 0;
        if (further > longest)
            longest = further;
    }
    return longest;
}

static PyObject *Board_longest_road(Board *b, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "longest_road(player, edges, node_owner, ship)");
        return NULL;
    }
    long p = PyLong_AsLong(args[0]);
    PyObject *edges = args[1], *no = args[2], *ship = args[3] == Py_None ? NULL : args[3];
    Py_ssize_t m = length(edges);
    if ((p == -1 && PyErr_Occurred()) || m < 0)
        return NULL;
    if (m > b->ne || (ship != NULL && length(ship) != b->ne) || length(no) != b->nn) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "longest_road: lists that do not fit the board");
        return NULL;
    }
    /* Split each crossing into what a trail can tell apart: a rival's building into one dead end per piece, and
     * with ships a crossing without the player's building into one for roads and one for ships (a trail passes
     * from a road to a ship only at the player's own building). Compact numbers: split[] maps 3 * nn slots. */
    int nodes = 0, best = 0;
    int *split = b->split;
    for (Py_ssize_t i = 0; i < m; i++) {
        long e = item(edges, i);
        if (e < 0 || e >= b->ne) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a path out of the board's range");
            goto fail;
        }
        long sh = ship != NULL ? item(ship, e) : 0;
        int ends[2] = {b->ea[e], b->eb[e]}, at[2];
        for (int k = 0; k < 2; k++) {
            long owner = item(no, ends[k]);
            if (PyErr_Occurred())
                goto fail;
            if (owner != p && owner != -1) { /* a rival's building: a trail may end there, not pass */
                at[k] = nodes++;
                b->deg[at[k]] = 0;
                continue;
            }
            int slot = owner == -1 && sh ? ends[k] + b->nn : ends[k];
            if (split[slot] < 0) {
                split[slot] = nodes++;
                b->deg[split[slot]] = 0;
            }
            at[k] = split[slot];
        }
        if (b->deg[at[0]] >= 3 || b->deg[at[1]] >= 3) {
            PyErr_SetString(PyExc_ValueError, "longest_road: a crossing with more than three pieces");
            goto fail;
        }
        b->adj[at[0] * 3 + b->deg[at[0]]] = at[1];
        b->adj_edge[at[0] * 3 + b->deg[at[0]]++] = (int)i;
        b->adj[at[1] * 3 + b->deg[at[1]]] = at[0];
        b->adj_edge[at[1] * 3 + b->deg[at[1]]++] = (int)i;
    }
    for (int x = 0; x < nodes; x++) {
        int found = walk(b, x);
        if (found > best)
            best = found;
    }
    for (int k = 0; k < 2 * b->nn; k++)
        split[k] = -1;
    return PyLong_FromLong(best);
fail:
    for (int k = 0; k < 2 * b->nn; k++)
        split[k] = -1;
    return NULL;
}

/* --- construction -------------------------------------------------------------------------------------------- */

/* Board(node_edges, edge_nodes, edge_land, edge_sea, hex_nodes, hex_edges, offsets, dev_kinds, ship_cost, gold,
 * size): the topology's tuples; the layout's offsets in the order of the O_ enum (road, settle, city, station, ship,
 * move_from, buy_dev, knight, road_building, yop, monopoly, maritime, end_turn); the indices of the knight, road
 * building, year of plenty and monopoly cards; the printed ship cost; the gold field's terrain; the action space's
 * size. */
static int read_table(PyObject *rows, Py_ssize_t n, Py_ssize_t width, int *out, long hi, const char *what)
{
    if (length(rows) != n) {
        PyErr_Format(PyExc_ValueError, "%s: one row an item of the board", what);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *r = row(rows, i);
        if (r == NULL || length(r) != width) {
            PyErr_Format(PyExc_ValueError, "%s: rows of %zd numbers", what, width);
            return -1;
        }
        for (Py_ssize_t k = 0; k < width; k++) {
            long v = item(r, k);
            if (v < 0 || v >= hi) {
                if (!PyErr_Occurred())
                    PyErr_Format(PyExc_ValueError, "%s: a number out of range", what);
                return -1;
            }
            out[i * width + k] = (int)v;
        }
    }
    return 0;
}

static int read_flags(PyObject *seq, Py_ssize_t n, unsigned char *out, const char *what)
{
    if (length(seq) != n) {
        PyErr_Format(PyExc_ValueError, "%s: one flag a path", what);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int t = PyObject_IsTrue(row(seq, i));
        if (t < 0)
            return -1;
        out[i] = (unsigned char)t;
    }
    return 0;
}

static int Board_init(Board *self, PyObject *args, PyObject *kwds)
{
    PyObject *node_edges, *edge_nodes, *edge_land, *edge_sea, *hex_nodes, *hex_edges, *offsets, *dev_kinds, *ship_cost;
    int gold, size;
    if (self->ids != NULL) {
        PyErr_SetString(PyExc_TypeError, "a Board is built once");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "OOOOOOOOOii", &node_edges, &edge_nodes, &edge_land, &edge_sea, &hex_nodes,
                          &hex_edges, &offsets, &dev_kinds, &ship_cost, &gold, &size))
        return -1;
    Py_ssize_t nn = length(node_edges), ne = length(edge_nodes), nh = length(hex_nodes);
    if (nn <= 0 || ne <= 0 || nh <= 0 || size <= ne || size <= 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "an empty board or action space");
        return -1;
    }
    self->nn = (int)nn;
    self->ne = (int)ne;
    self->nh = (int)nh;
    self->gold = gold;
    self->ne_start = calloc(nn + 1, sizeof(int));
    self->ne_list = calloc(3 * nn + 1, sizeof(int));
    self->ea = calloc(ne, sizeof(int));
    self->eb = calloc(ne, sizeof(int));
    self->eland = calloc(ne, 1);
    self->esea = calloc(ne, 1);
    self->hex_nodes = calloc(nh * 6, sizeof(int));
    self->hex_edges = calloc(nh * 6, sizeof(int));
    self->nflag = calloc(nn, 1);
    self->sflag = calloc(nn, 1);
    self->eflag = calloc(ne, 1);
    self->used = calloc(ne, 1);
    self->ints = calloc(ne, sizeof(int));
    self->ints2 = calloc(ne, sizeof(int));
    self->count = calloc(nn, sizeof(int));
    self->split = malloc(2 * nn * sizeof(int));
    self->near = calloc(nn, sizeof(int));
    self->adj = calloc(3 * 2 * ne, sizeof(int)); /* split crossings: at most two a piece */
    self->adj_edge = calloc(3 * 2 * ne, sizeof(int));
    self->deg = calloc(2 * ne, sizeof(int));
    if (!self->ne_start || !self->ne_list || !self->ea || !self->eb || !self->eland || !self->esea ||
        !self->hex_nodes || !self->hex_edges || !self->nflag || !self->sflag || !self->eflag || !self->used ||
        !self->ints || !self->ints2 || !self->count || !self->split || !self->near || !self->adj || !self->adj_edge ||
        !self->deg) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t k = 0; k < 2 * nn; k++)
        self->split[k] = -1;
    int k = 0;
    for (Py_ssize_t n = 0; n < nn; n++) {
        PyObject *r = row(node_edges, n);
        Py_ssize_t d = r ? length(r) : -1;
        if (d < 0 || d > 3) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "node_edges: at most three paths a crossing");
            return -1;
        }
        self->ne_start[n] = k;
        for (Py_ssize_t i = 0; i < d; i++) {
            long e = item(r, i);
            if (e < 0 || e >= ne) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "node_edges: a path out of range");
                return -1;
            }
            self->ne_list[k++] = (int)e;
        }
    }
    self->ne_start[nn] = k;
    int *pairs = calloc(2 * ne, sizeof(int));
    if (pairs == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (read_table(edge_nodes, ne, 2, pairs, nn, "edge_nodes") < 0) {
        free(pairs);
        return -1;
    }
    for (Py_ssize_t e = 0; e < ne; e++) {
        self->ea[e] = pairs[2 * e];
        self->eb[e] = pairs[2 * e + 1];
    }
    free(pairs);
    if (read_flags(edge_land, ne, self->eland, "edge_land") < 0 ||
        read_flags(edge_sea, ne, self->esea, "edge_sea") < 0 ||
        read_table(hex_nodes, nh, 6, self->hex_nodes, nn, "hex_nodes") < 0 ||
        read_table(hex_edges, nh, 6, self->hex_edges, ne, "hex_edges") < 0)
        return -1;
    self->sea = 0;
    for (Py_ssize_t e = 0; e < ne; e++)
        self->sea |= self->esea[e];
    if (length(offsets) != NOFF || length(dev_kinds) != NDEV || length(ship_cost) != 5) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "offsets, dev_kinds or ship_cost of the wrong length");
        return -1;
    }
    for (int i = 0; i < NOFF; i++) {
        long v = item(offsets, i);
        if (v < 0 || v >= size) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "an offset outside the action space");
            return -1;
        }
        self->off[i] = (int)v;
    }
    for (int i = 0; i < NDEV; i++) {
        long v = item(dev_kinds, i);
        if (v < 0 || v >= 5) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a development card index out of range");
            return -1;
        }
        self->dev[i] = (int)v;
    }
    if (five(ship_cost, self->ship_cost) < 0)
        return -1;
    self->ids = PyTuple_New(size);
    if (self->ids == NULL)
        return -1;
    for (int i = 0; i < size; i++) {
        PyObject *x = PyLong_FromLong(i);
        if (x == NULL)
            return -1;
        PyTuple_SET_ITEM(self->ids, i, x);
    }
    return 0;
}

static PyMethodDef Board_methods[] = {
    {"main_actions", (PyCFunction)(void (*)(void))Board_main_actions, METH_FASTCALL,
     "CatanState._main_actions(player, full) without the trade offer."},
    {"dev_actions", (PyCFunction)(void (*)(void))Board_dev_actions, METH_FASTCALL,
     "DevelopmentMixin._dev_actions: the playable development cards appended to out."},
    {"road_spots", (PyCFunction)(void (*)(void))Board_road_spots, METH_FASTCALL, "CatanState._road_spots."},
    {"ship_spots", (PyCFunction)(void (*)(void))Board_ship_spots, METH_FASTCALL, "SeafarersMixin._ship_spots."},
    {"movable_ships", (PyCFunction)(void (*)(void))Board_movable_ships, METH_FASTCALL,
     "SeafarersMixin._movable_ships (the ship spots found afresh)."},
    {"produce", (PyCFunction)(void (*)(void))Board_produce, METH_FASTCALL,
     "CatanState._produce's payout: hands, bank and gold owed written; the gains, or None."},
    {"longest_road", (PyCFunction)(void (*)(void))Board_longest_road, METH_FASTCALL,
     "longest_road.longest_road(player, edges, node_owner, ship or None)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BoardType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "firebreak.games.catan._catan.Board",
    .tp_basicsize = sizeof(Board),
    .tp_dealloc = (destructor)Board_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Catan's hot rules on one board (see the module's source for what each method answers).",
    .tp_methods = Board_methods,
    .tp_init = (initproc)Board_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_catan",
    .m_doc = "Catan's hot rules in C (see .compiled).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__catan(void)
{
    if (fb_intern(ATTR_NAMES, NAMES, N_NAMES) < 0 || PyType_Ready(&BoardType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&BoardType);
    if (PyModule_AddObject(m, "Board", (PyObject *)&BoardType) < 0) {
        Py_DECREF(&BoardType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
