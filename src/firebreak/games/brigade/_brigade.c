/* The Brigade's Action menu in C: what BrigadeState._main_menu answers in Python, the same ids in the same order.
 *
 * Why C: the Action menu is rebuilt after every action of a turn (two thirds of a random game's actions are a Move
 * Wagon, each followed by a new menu), and in Python, even on bitboards and with the last menu's masks kept, it was
 * a third of a random game's time. A Menu is built once per process (see .compiled) from the action space's
 * offsets, the tracks' values and the board's neighbours; each call reads the state's lists:
 *
 *   menu(p, num_players, used, precious, free_moves, bits, brigade_ids, budget, brigade_cap, upgrades_left,
 *        bpos, wpos, firehouse, intensity, destroyed, loyal, renown, st_aff, wb, ww, tracks, bonus, crew_deck,
 *        crew_discard, dawn)
 *
 * returns the menu as a list of ids (ascending), or None where the player has nothing left to do. What depends on
 * crew abilities and Wardens is decided in Python and passed in ``bits`` (see .compiled: a free Morgana move,
 * Ebenezer, Lumen, Leon, Ash, a usable Warden action, Street Wise), and a Brigade whose moves Mog changes passes
 * its Move Brigade ids in ``brigade_ids`` (None otherwise: the moves are searched here, as MovementRules._reached
 * does, level by level on bitboards).
 *
 * tests/brigade/test_compiled_menu.py compares the menu with the Python path in every Action phase position of
 * random games over every option set. Every read is checked: a list of the wrong length or an item of the wrong
 * type or range raises a Python exception. The call keeps nothing between calls.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MAX_POS 64
#define MAX_CIRCLES 32
#define MAX_OUT 1024
#define NARGS 25

/* Append an id to the menu being built (out, k), or fail: no position of the game has a menu this long. */
#define PUSH(id)                                                                                                         \
    do {                                                                                                                 \
        if (k >= MAX_OUT)                                                                                                \
            goto too_long;                                                                                               \
        out[k++] = (int)(id);                                                                                            \
    } while (0)

/* The bits of the ``bits`` argument (the same numbers as .compiled). */
#define B_MORGANA 1      /* a Wagon move is free (Morgana Magos, not used yet this turn) */
#define B_EBENEZER 2     /* the Brigade ignores fires, ruins and the cost of ruins */
#define B_LUMEN 4        /* one water less puts out a University fire */
#define B_LEON 8         /* Leon Bertrand's Wagon Extinguish, not used yet this turn */
#define B_ASH 16         /* Ash's neighbouring extinguish, not used yet this turn */
#define B_WARDEN 32      /* the Warden action is usable */
#define B_STREET_WISE 64 /* White firehouse, side 2: refill anywhere by paying one renown there */

enum {
    END_TURN,
    MOVE_BRIGADE,
    MOVE_WAGON,
    EXTINGUISH,
    EXT_W,
    REFILL_BRIGADE,
    REFILL_WAGON,
    REFILL_BOTH,
    RECRUIT,
    TO_WAGON,
    TO_BRIGADE,
    UPGRADE,
    WARDEN,
    WAGON_EXTINGUISH,
    ASH_EXTINGUISH,
    DISCARD_PRECIOUS,
    N_BASES
};

typedef struct {
    PyObject_HEAD
    int npos;
    PyObject *ids; /* a tuple of every id as an int, handed out without allocating */
    int nids;
    int base[N_BASES]; /* the action space's offsets (and EXT_W, the Extinguish ids' stride) */
    int circles[3];    /* each track's circles: crew members, wagon capacity, leadership */
    long value[3][MAX_CIRCLES];
    uint64_t king[MAX_POS]; /* the positions one king move away */
    uint64_t nb4[MAX_POS];  /* the orthogonal neighbours */
    long water_tokens, university_aff, ash_water;
} Menu;

static void Menu_dealloc(Menu *self)
{
    Py_XDECREF(self->ids);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A tuple of tuples of positions into bitboards, one per position. */
static int read_neighbours(PyObject *rows, int npos, uint64_t *out, const char *what)
{
    if (!PyTuple_Check(rows) || PyTuple_GET_SIZE(rows) != npos) {
        PyErr_Format(PyExc_ValueError, "%s must be a tuple with one tuple of positions a position", what);
        return -1;
    }
    for (int q = 0; q < npos; q++) {
        PyObject *row = PyTuple_GET_ITEM(rows, q);
        if (!PyTuple_Check(row)) {
            PyErr_Format(PyExc_ValueError, "%s must be a tuple with one tuple of positions a position", what);
            return -1;
        }
        out[q] = 0;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(row); i++) {
            long v = PyLong_AsLong(PyTuple_GET_ITEM(row, i));
            if (v == -1 && PyErr_Occurred())
                return -1;
            if (v < 0 || v >= npos) {
                PyErr_Format(PyExc_ValueError, "%s holds a position off the board", what);
                return -1;
            }
            out[q] |= (uint64_t)1 << v;
        }
    }
    return 0;
}

/* Menu(ids, bases, tracks, king, orthogonal, water_tokens, university_aff, ash_water): every id as an int, the
 * offsets (END_TURN, MOVE_BRIGADE, MOVE_WAGON, EXTINGUISH, EXT_W, REFILL_BRIGADE, REFILL_WAGON, REFILL_BOTH,
 * RECRUIT, TO_WAGON, TO_BRIGADE, UPGRADE, WARDEN, WAGON_EXTINGUISH, ASH_EXTINGUISH, DISCARD_PRECIOUS), the three
 * tracks' values, each position's king neighbours and orthogonal neighbours, the water tokens in the box, the
 * University's affiliation and Ash's water. */
static int Menu_init(Menu *self, PyObject *args, PyObject *kwds)
{
    PyObject *ids, *bases, *tracks, *king, *orthogonal;
    long water_tokens, university_aff, ash_water;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!lll", &PyTuple_Type, &ids, &PyTuple_Type, &bases, &PyTuple_Type, &tracks,
                          &PyTuple_Type, &king, &PyTuple_Type, &orthogonal, &water_tokens, &university_aff,
                          &ash_water))
        return -1;
    Py_ssize_t nids = PyTuple_GET_SIZE(ids);
    if (nids < 1 || nids > 1 << 20) {
        PyErr_SetString(PyExc_ValueError, "ids must hold 1 to 2**20 ids");
        return -1;
    }
    for (Py_ssize_t i = 0; i < nids; i++)
        if (!PyLong_CheckExact(PyTuple_GET_ITEM(ids, i))) {
            PyErr_SetString(PyExc_ValueError, "ids must be a tuple of ints");
            return -1;
        }
    if (PyTuple_GET_SIZE(bases) != N_BASES) {
        PyErr_Format(PyExc_ValueError, "bases must hold %d numbers", N_BASES);
        return -1;
    }
    for (int i = 0; i < N_BASES; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(bases, i));
        if (v == -1 && PyErr_Occurred())
            return -1;
        if (v < 0 || v >= nids) {
            PyErr_SetString(PyExc_ValueError, "bases must be ids of the action space");
            return -1;
        }
        self->base[i] = (int)v;
    }
    if (PyTuple_GET_SIZE(tracks) != 3) {
        PyErr_SetString(PyExc_ValueError, "tracks must hold the three tracks' values");
        return -1;
    }
    for (int t = 0; t < 3; t++) {
        PyObject *row = PyTuple_GET_ITEM(tracks, t);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) < 1 || PyTuple_GET_SIZE(row) > MAX_CIRCLES) {
            PyErr_Format(PyExc_ValueError, "a track must be a tuple of 1 to %d values", MAX_CIRCLES);
            return -1;
        }
        self->circles[t] = (int)PyTuple_GET_SIZE(row);
        for (int i = 0; i < self->circles[t]; i++) {
            long v = PyLong_AsLong(PyTuple_GET_ITEM(row, i));
            if (v == -1 && PyErr_Occurred())
                return -1;
            self->value[t][i] = v;
        }
    }
    Py_ssize_t npos = PyTuple_GET_SIZE(king);
    if (npos < 1 || npos > MAX_POS) {
        PyErr_Format(PyExc_ValueError, "a board has 1 to %d positions", MAX_POS);
        return -1;
    }
    self->npos = (int)npos;
    if (read_neighbours(king, self->npos, self->king, "king") < 0 ||
        read_neighbours(orthogonal, self->npos, self->nb4, "orthogonal") < 0)
        return -1;
    self->water_tokens = water_tokens;
    self->university_aff = university_aff;
    self->ash_water = ash_water;
    Py_INCREF(ids);
    Py_XSETREF(self->ids, ids);
    self->nids = (int)nids;
    return 0;
}

/* The items of a list or tuple of n items; NULL with an exception set. */
static PyObject **items(PyObject *seq, Py_ssize_t n, const char *what)
{
    if (!(PyList_Check(seq) || PyTuple_Check(seq)) || PySequence_Fast_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "%s must be a list of %zd numbers", what, n);
        return NULL;
    }
    return PySequence_Fast_ITEMS(seq);
}

/* One item as a C long, at least lo and below hi; sets *bad (with an exception) where it is not. */
static long item(PyObject *o, long lo, long hi, int *bad, const char *what)
{
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) {
        *bad = 1;
        return 0;
    }
    if (v < lo || v >= hi) {
        PyErr_Format(PyExc_ValueError, "%s: a number out of range", what);
        *bad = 1;
        return 0;
    }
    return v;
}

/* The bitboard of the positions whose item is not 0. */
static int nonzero_bits(PyObject **it, int npos, uint64_t *out, const char *what)
{
    uint64_t bits = 0;
    for (int q = 0; q < npos; q++) {
        int r = PyObject_IsTrue(it[q]);
        if (r < 0)
            return -1;
        if (r)
            bits |= (uint64_t)1 << q;
    }
    (void)what;
    *out = bits;
    return 0;
}

/* The positions one king move from the set. */
static uint64_t king_step(const Menu *m, uint64_t set)
{
    uint64_t out = 0;
    while (set) {
        out |= m->king[__builtin_ctzll(set)];
        set &= set - 1;
    }
    return out;
}

/* MovementRules._reached: every position a Brigade at src can enter within budget (and src, and blocked): king
 * moves, never into blocked, two movement into a cost2 position, no going on from a stop position once entered. */
static uint64_t reached(const Menu *m, int src, long budget, uint64_t blocked, uint64_t cost2, uint64_t stop)
{
    uint64_t seen = ((uint64_t)1 << src) | blocked;
    if (budget <= 0)
        return seen;
    uint64_t nb = m->king[src] & ~seen;
    uint64_t one = nb & ~cost2;
    seen |= one;
    uint64_t later = nb & cost2;
    if (later && budget >= 2)
        seen |= later;
    else
        later = 0;
    uint64_t grow = one & ~stop;
    for (long c = 1; c < budget; c++) {
        uint64_t two = 0;
        one = 0;
        if (grow) {
            nb = king_step(m, grow) & ~seen;
            one = nb & ~cost2;
            seen |= one;
            two = nb & cost2;
            if (two && c + 2 <= budget)
                seen |= two;
            else
                two = 0;
        }
        grow = (later | one) & ~stop;
        later = two;
    }
    return seen;
}

/* Append base + each position of the bitboard, ascending (a bitboard has at most MAX_POS positions). */
static int add_bits(int *out, int k, uint64_t bits, int base)
{
    while (bits) {
        out[k++] = base + __builtin_ctzll(bits);
        bits &= bits - 1;
    }
    return k;
}

static PyObject *Menu_menu(Menu *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != NARGS) {
        PyErr_Format(PyExc_TypeError, "menu() takes %d arguments (%zd given)", NARGS, nargs);
        return NULL;
    }
    const int *B = self->base;
    int npos = self->npos, bad = 0;
    long n = item(args[1], 1, 5, &bad, "num_players");
    if (bad)
        return NULL;
    long p = item(args[0], 0, n, &bad, "the player");
    long used = item(args[2], LONG_MIN, LONG_MAX, &bad, "used");
    long precious = item(args[3], -1, n, &bad, "precious");
    long free_moves = item(args[4], LONG_MIN, LONG_MAX, &bad, "free_moves");
    long bits = item(args[5], 0, 128, &bad, "bits");
    PyObject *brigade_ids = args[6];
    long budget = item(args[7], LONG_MIN, LONG_MAX, &bad, "budget");
    long bcap = item(args[8], LONG_MIN, LONG_MAX, &bad, "brigade_cap");
    long upgrades_left = item(args[9], LONG_MIN, LONG_MAX, &bad, "upgrades_left");
    if (bad)
        return NULL;
    if (brigade_ids != Py_None && !PyTuple_Check(brigade_ids)) {
        PyErr_SetString(PyExc_ValueError, "brigade_ids must be None or a tuple of ids");
        return NULL;
    }
    PyObject **bpos = items(args[10], n, "bpos"), **wpos = items(args[11], n, "wpos");
    PyObject **home = items(args[12], n, "firehouse");
    PyObject **intensity = items(args[13], npos, "intensity"), **destroyed = items(args[14], npos, "destroyed");
    PyObject **loyal = items(args[15], npos, "loyal"), **renown = items(args[16], 4 * (Py_ssize_t)npos, "renown");
    PyObject **st_aff = items(args[17], npos, "st_aff");
    PyObject **wb = items(args[18], n, "wb"), **ww = items(args[19], n, "ww");
    PyObject **tracks = items(args[20], 3 * n, "tracks"), **bonus = items(args[21], n, "bonus");
    PyObject **dawn = items(args[24], n, "dawn");
    if (!bpos || !wpos || !home || !intensity || !destroyed || !loyal || !renown || !st_aff || !wb || !ww || !tracks ||
        !bonus || !dawn)
        return NULL;
    if (!PyList_Check(args[22]) || !PyList_Check(args[23])) {
        PyErr_SetString(PyExc_ValueError, "the crew deck and its discard pile must be lists");
        return NULL;
    }
    int crew_cards = PyList_GET_SIZE(args[22]) > 0 || PyList_GET_SIZE(args[23]) > 0;
    long track[3];
    for (int t = 0; t < 3; t++)
        track[t] = item(tracks[3 * p + t], 0, self->circles[t], &bad, "tracks");
    long bp = item(bpos[p], 0, npos, &bad, "bpos"), wp = item(wpos[p], 0, npos, &bad, "wpos");
    long my_home = item(home[p], 0, npos, &bad, "firehouse");
    long bonus_p = item(bonus[p], LONG_MIN, LONG_MAX, &bad, "bonus");
    if (bad)
        return NULL;

    int out[MAX_OUT];
    int k = 0;
    long rem = self->value[2][track[2]] + bonus_p - (precious == p ? 1 : 0) - used;
    out[k++] = B[END_TURN];
    int brigade = rem > 0 || free_moves > 0;
    int wagon = rem > 0 || (bits & B_MORGANA);
    if (brigade || wagon) {
        uint64_t rivals = 0, rival_wagons = 0, homes = 0, ruins, fires;
        for (long q = 0; q < n; q++) {
            if (q == p)
                continue;
            rivals |= (uint64_t)1 << item(bpos[q], 0, npos, &bad, "bpos");
            rival_wagons |= (uint64_t)1 << item(wpos[q], 0, npos, &bad, "wpos");
            homes |= (uint64_t)1 << item(home[q], 0, npos, &bad, "firehouse");
        }
        if (bad || nonzero_bits(destroyed, npos, &ruins, "destroyed") < 0 ||
            nonzero_bits(intensity, npos, &fires, "intensity") < 0)
            return NULL;
        uint64_t src = (uint64_t)1 << bp;
        if (brigade) {
            if (brigade_ids != Py_None) {
                Py_ssize_t m = PyTuple_GET_SIZE(brigade_ids);
                if (m > npos) {
                    PyErr_SetString(PyExc_ValueError, "brigade_ids holds more ids than the board has positions");
                    return NULL;
                }
                for (Py_ssize_t i = 0; i < m; i++)
                    out[k++] = (int)item(PyTuple_GET_ITEM(brigade_ids, i), 0, self->nids, &bad, "brigade_ids");
                if (bad)
                    return NULL;
            } else {
                int eben = (bits & B_EBENEZER) != 0;
                uint64_t seen = reached(self, (int)bp, budget, rivals, eben ? 0 : ruins, eben ? 0 : fires);
                k = add_bits(out, k, seen & ~rivals & ~ruins & ~homes & ~src, B[MOVE_BRIGADE]);
            }
        }
        if (wagon) {
            uint64_t full = npos == 64 ? ~(uint64_t)0 : ((uint64_t)1 << npos) - 1;
            uint64_t mask = full & ~(rivals | rival_wagons | (homes & ~src) | ruins);
            k = add_bits(out, k, mask & ~((uint64_t)1 << wp), B[MOVE_WAGON]);
        }
    }
    int precious_here = precious == p && bp == my_home;
    if (rem > 0) {
        int together = bp == wp;
        long wbp = item(wb[p], LONG_MIN, LONG_MAX, &bad, "wb"), wwp = item(ww[p], LONG_MIN, LONG_MAX, &bad, "ww");
        long inten = item(intensity[bp], LONG_MIN, LONG_MAX, &bad, "intensity");
        int bp_destroyed = PyObject_IsTrue(destroyed[bp]), wp_destroyed = PyObject_IsTrue(destroyed[wp]);
        if (bad || bp_destroyed < 0 || wp_destroyed < 0)
            return NULL;
        if (inten > 0 && !bp_destroyed) {
            long need = inten;
            if ((bits & B_LUMEN) && item(st_aff[bp], LONG_MIN, LONG_MAX, &bad, "st_aff") == self->university_aff)
                need = inten - 1 > 1 ? inten - 1 : 1;
            if (bad)
                return NULL;
            long wagon_water = together ? wwp : 0;
            for (long b = 0; b <= (wbp < need ? wbp : need); b++) {
                long top = need - b < wagon_water ? need - b : wagon_water;
                for (long w = 0; w <= top; w++)
                    if (b + w)
                        PUSH(B[EXTINGUISH] + b * B[EXT_W] + w);
            }
        }
        long wagon_cap = self->value[1][track[1]];
        int dawn_p = PyObject_IsTrue(dawn[p]);
        if (dawn_p < 0)
            return NULL;
        long supply = self->water_tokens;
        for (long q = 0; q < n; q++)
            supply -= item(wb[q], LONG_MIN, LONG_MAX, &bad, "wb") + item(ww[q], LONG_MIN, LONG_MAX, &bad, "ww");
        if (bad)
            return NULL;
        if (!dawn_p && supply > 0) {
            /* BrigadeState._can_refill_at for the Brigade's block and the Wagon's */
            int at[2];
            long where[2] = {bp, wp};
            for (int i = 0; i < 2; i++) {
                long pos = where[i];
                if (pos == my_home)
                    at[i] = 1;
                else if (PyObject_IsTrue(destroyed[pos]))
                    at[i] = 0;
                else if (item(loyal[pos], -1, n, &bad, "loyal") == p)
                    at[i] = 1;
                else
                    at[i] = (bits & B_STREET_WISE) && item(renown[pos * 4 + p], LONG_MIN, LONG_MAX, &bad, "renown") > 0;
            }
            if (bad || PyErr_Occurred())
                return NULL;
            if (together) {
                if ((wbp < bcap || wwp < wagon_cap) && at[0])
                    PUSH(B[REFILL_BOTH]);
            } else {
                if (wbp < bcap && at[0])
                    PUSH(B[REFILL_BRIGADE]);
                if (wwp < wagon_cap && at[1])
                    PUSH(B[REFILL_WAGON]);
            }
        }
        if (self->value[0][track[0]] >= 1 && crew_cards)
            PUSH(B[RECRUIT]);
        if (together) {
            long t = wbp < wagon_cap - wwp ? wbp : wagon_cap - wwp;
            for (long i = 0; i < (t < 6 ? t : 6); i++)
                PUSH((int)(B[TO_WAGON] + i));
            t = wwp < bcap - wbp ? wwp : bcap - wbp;
            for (long i = 0; i < (t < 6 ? t : 6); i++)
                PUSH((int)(B[TO_BRIGADE] + i));
        }
        if (upgrades_left > 0)
            for (int t = 0; t < 3; t++)
                if (track[t] < self->circles[t] - 1)
                    PUSH(B[UPGRADE] + t);
        if (bits & B_WARDEN)
            PUSH(B[WARDEN]);
        if ((bits & B_LEON) && wwp > 0 && !wp_destroyed) {
            if (item(intensity[wp], LONG_MIN, LONG_MAX, &bad, "intensity") == 1)
                PUSH(B[WAGON_EXTINGUISH]);
            if (bad)
                return NULL;
        }
        if ((bits & B_ASH) && wbp) {
            long ash = wbp < self->ash_water ? wbp : self->ash_water;
            if (ash > 3)
                ash = 3;
            for (uint64_t nb = self->nb4[bp]; nb; nb &= nb - 1) {
                int q = __builtin_ctzll(nb);
                long iq = item(intensity[q], LONG_MIN, LONG_MAX, &bad, "intensity");
                int dq = PyObject_IsTrue(destroyed[q]);
                if (bad || dq < 0)
                    return NULL;
                if (iq && !dq)
                    for (long j = 1; j <= (ash < iq ? ash : iq); j++)
                        PUSH(B[ASH_EXTINGUISH] + q * 3 + j - 1);
            }
        }
    }
    if (precious_here)
        PUSH(B[DISCARD_PRECIOUS]);
    if (rem <= 0 && k == 1)
        Py_RETURN_NONE;
    PyObject *list = PyList_New(k);
    if (list == NULL)
        return NULL;
    for (int i = 0; i < k; i++) {
        if (out[i] < 0 || out[i] >= self->nids) {
            Py_DECREF(list);
            PyErr_SetString(PyExc_ValueError, "an id of the menu is outside the action space");
            return NULL;
        }
        PyObject *id = PyTuple_GET_ITEM(self->ids, out[i]);
        Py_INCREF(id);
        PyList_SET_ITEM(list, i, id);
    }
    return list;
too_long:
    PyErr_SetString(PyExc_ValueError, "the menu is longer than any position allows");
    return NULL;
}

static PyMethodDef Menu_methods[] = {
    {"menu", (PyCFunction)(void (*)(void))Menu_menu, METH_FASTCALL,
     "menu(p, num_players, used, precious, free_moves, bits, brigade_ids, budget, brigade_cap, upgrades_left, bpos, "
     "wpos, firehouse, intensity, destroyed, loyal, renown, st_aff, wb, ww, tracks, bonus, crew_deck, crew_discard, "
     "dawn): the Action menu's ids, or None"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject MenuType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "firebreak.games.brigade._brigade.Menu",
    .tp_basicsize = sizeof(Menu),
    .tp_dealloc = (destructor)Menu_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The action space's offsets, the tracks and the board, for the Action menu in C (see the module).",
    .tp_methods = Menu_methods,
    .tp_init = (initproc)Menu_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_brigade", "The Brigade's Action menu, compiled.", -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__brigade(void)
{
    if (PyType_Ready(&MenuType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&MenuType);
    if (PyModule_AddObject(m, "Menu", (PyObject *)&MenuType) < 0) {
        Py_DECREF(&MenuType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
