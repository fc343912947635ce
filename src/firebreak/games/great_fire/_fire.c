/* The Great Fire's hot rules in C: what GreatFireState and .route answer in Python, the same lists in the same order.
 *
 * Why C: every turn begins by listing the fire moves of the player's hand (about 140 ids in a random game), and in
 * Python that walk of the fire, even on bit sets, was a third of a random game's time; the action phase's menu, the
 * fire's route told with each move, the demolition sites and the intensify targets were most of the rest of the
 * rules' own time. A MoveTable is built once per board (see .tables) and reads the state's lists at each call:
 *
 * - ``moves(fire, bands, houses, demolished, directions)``: GreatFireState.fire_moves. Each connected uncontained
 *   fire is grown along the links from its lowest source (a district with 2+ cones whose fire is uncontained); each
 *   source's targets with a card are the best tier of the Fire Movement Priority among the enterable districts the
 *   fire's links reach (not uncontained, not demolished; houses without trained bands, houses with, neither, bands
 *   without houses); the ids ``(direction * n + source) * n + target`` in ascending order. ``exists(...)``: whether
 *   that list would be non-empty, without building it.
 * - ``route(fire, bands, direction, src, tgt)``: .route.fire_route (None where there is no route);
 *   ``uncontained(fire, bands)``: the uncontained districts as bits.
 * - ``action_menu(fire, bands, landowner)``, ``demolition_sites(...)``, ``intensify_targets(...)``: the parts of
 *   GreatFireState._action_phase_moves, demolition_sites and intensify_targets that read the board.
 *
 * tests/great_fire/test_compiled_fire_moves.py compares each with the Python path in every position of random
 * games. Every read is checked: a list of the wrong length or an item of the wrong type raises a Python exception.
 * The scratch buffers are the table's own, used by one call at a time under the GIL.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    int n;
    int *start;    /* [4 * n + 1]: offsets into targets, for (direction, district) = dr * n + d */
    int *targets;  /* the links, each row ascending */
    int *any_start; /* [n + 1]: the links in any direction (the fire travels inside itself along any of them) */
    int *any_targets;
    PyObject *ids; /* a tuple of the 4 * n * n ids as ints, handed out without allocating */
    PyObject *owner_rows; /* the action phase's rows of ids (see .tables): landowner moves from each district */
    PyObject *band_rows;  /* trained band moves from each district */
    PyObject *put_out;    /* the put-out action's id */
    int pl;               /* Pudding Lane */
    int *size;            /* [n]: each district's houses when full (the fire's size there) */
    unsigned char *blocked; /* [n]: Pudding Lane and the grassed spaces, never demolished */
    int *nb_start;        /* [n + 1]: offsets into nb, each district's neighbours (movement) */
    int *nb;
    int *rank;            /* [n]: each district's place in the order of the names (a route's tie-break) */
    /* scratch, used under the GIL by one call at a time: flags per district, a queue, rows, targets, the ids */
    unsigned char *flags;
    int *ints;
    int *out;
} MoveTable;

static void MoveTable_dealloc(MoveTable *self)
{
    free(self->start);
    free(self->targets);
    free(self->any_start);
    free(self->any_targets);
    free(self->flags);
    free(self->size);
    free(self->blocked);
    free(self->nb_start);
    free(self->nb);
    free(self->rank);
    free(self->ints);
    free(self->out);
    Py_XDECREF(self->ids);
    Py_XDECREF(self->owner_rows);
    Py_XDECREF(self->band_rows);
    Py_XDECREF(self->put_out);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Whether rows is a tuple of n tuples of ints. */
static int check_rows(PyObject *rows, Py_ssize_t n)
{
    if (!PyTuple_Check(rows) || PyTuple_GET_SIZE(rows) != n) {
        PyErr_SetString(PyExc_ValueError, "action rows must be a tuple with one tuple of ids a district");
        return -1;
    }
    for (Py_ssize_t d = 0; d < n; d++) {
        PyObject *row = PyTuple_GET_ITEM(rows, d);
        if (!PyTuple_Check(row)) {
            PyErr_SetString(PyExc_ValueError, "action rows must be tuples of ids");
            return -1;
        }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(row); i++)
            if (!PyLong_CheckExact(PyTuple_GET_ITEM(row, i))) {
                PyErr_SetString(PyExc_ValueError, "action rows must be tuples of ids");
                return -1;
            }
    }
    return 0;
}

/* A tuple of n ints into out (each at least lo, below hi); -1 with an exception set. */
static int read_ints(PyObject *tuple, Py_ssize_t n, int *out, long lo, long hi, const char *what)
{
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != n) {
        PyErr_Format(PyExc_ValueError, "%s must be a tuple with one item a district", what);
        return -1;
    }
    for (Py_ssize_t d = 0; d < n; d++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(tuple, d));
        if (v == -1 && PyErr_Occurred())
            return -1;
        if (v < lo || v >= hi) {
            PyErr_Format(PyExc_ValueError, "%s holds a number out of range", what);
            return -1;
        }
        out[d] = (int)v;
    }
    return 0;
}

/* MoveTable(links, owner_rows, band_rows, put_out, pl, size, blocked, neighbours, rank): links[dr][d] is a sequence
 * of the districts a card of direction dr sends fire into from d; then the action phase's ids (BoardTables'
 * landowner_moves, band_moves, put_out), Pudding Lane, and per district its size, whether it is blocked for
 * demolition (0 or 1), its neighbours and its rank by name. */
static int MoveTable_init(MoveTable *self, PyObject *args, PyObject *kwds)
{
    PyObject *links, *owner_rows, *band_rows, *put_out, *size, *blocked, *neighbours, *rank;
    int pl;
    if (!PyArg_ParseTuple(args, "OO!O!O!iO!O!O!O!", &links, &PyTuple_Type, &owner_rows, &PyTuple_Type, &band_rows,
                          &PyLong_Type, &put_out, &pl, &PyTuple_Type, &size, &PyTuple_Type, &blocked, &PyTuple_Type,
                          &neighbours, &PyTuple_Type, &rank))
        return -1;
    PyObject *dirs = PySequence_Fast(links, "links must be a sequence of four directions");
    if (dirs == NULL)
        return -1;
    int ok = -1;
    PyObject *rows[4] = {NULL, NULL, NULL, NULL};
    unsigned char *seen = NULL;
    if (PySequence_Fast_GET_SIZE(dirs) != 4) {
        PyErr_SetString(PyExc_ValueError, "links must hold four directions");
        goto done;
    }
    Py_ssize_t n = -1, total = 0;
    for (int dr = 0; dr < 4; dr++) {
        rows[dr] = PySequence_Fast(PySequence_Fast_GET_ITEM(dirs, dr), "a direction's links must be a sequence");
        if (rows[dr] == NULL)
            goto done;
        Py_ssize_t m = PySequence_Fast_GET_SIZE(rows[dr]);
        if (n >= 0 && m != n) {
            PyErr_SetString(PyExc_ValueError, "every direction must list the same districts");
            goto done;
        }
        n = m;
        for (Py_ssize_t d = 0; d < n; d++) {
            Py_ssize_t k = PyObject_Length(PySequence_Fast_GET_ITEM(rows[dr], d));
            if (k < 0)
                goto done;
            total += k;
        }
    }
    if (n <= 0 || n > 4096) {
        PyErr_SetString(PyExc_ValueError, "a board has 1 to 4096 districts");
        goto done;
    }
    self->n = (int)n;
    if (check_rows(owner_rows, n) < 0 || check_rows(band_rows, n) < 0)
        goto done;
    if (pl < 0 || pl >= n) {
        PyErr_SetString(PyExc_ValueError, "Pudding Lane is not on the board");
        goto done;
    }
    self->pl = pl;
    self->size = malloc(sizeof(int) * n);
    int *blocked_ints = malloc(sizeof(int) * n);
    self->blocked = malloc(n);
    self->nb_start = malloc(sizeof(int) * (n + 1));
    if (!self->size || !blocked_ints || !self->blocked || !self->nb_start) {
        free(blocked_ints);
        PyErr_NoMemory();
        goto done;
    }
    if (read_ints(size, n, self->size, 0, 1L << 20, "size") < 0 || read_ints(blocked, n, blocked_ints, 0, 2, "blocked") < 0) {
        free(blocked_ints);
        goto done;
    }
    for (Py_ssize_t d = 0; d < n; d++)
        self->blocked[d] = (unsigned char)blocked_ints[d];
    free(blocked_ints);
    if (!PyTuple_Check(neighbours) || PyTuple_GET_SIZE(neighbours) != n) {
        PyErr_SetString(PyExc_ValueError, "neighbours must be a tuple with one tuple a district");
        goto done;
    }
    Py_ssize_t links_total = 0;
    for (Py_ssize_t d = 0; d < n; d++) {
        PyObject *row = PyTuple_GET_ITEM(neighbours, d);
        if (!PyTuple_Check(row)) {
            PyErr_SetString(PyExc_ValueError, "neighbours must be a tuple with one tuple a district");
            goto done;
        }
        links_total += PyTuple_GET_SIZE(row);
    }
    self->nb = malloc(sizeof(int) * (links_total + 1));
    if (!self->nb) {
        PyErr_NoMemory();
        goto done;
    }
    int nb_at = 0;
    for (Py_ssize_t d = 0; d < n; d++) {
        PyObject *row = PyTuple_GET_ITEM(neighbours, d);
        self->nb_start[d] = nb_at;
        if (read_ints(row, PyTuple_GET_SIZE(row), self->nb + nb_at, 0, n, "a district's neighbours") < 0)
            goto done;
        nb_at += (int)PyTuple_GET_SIZE(row);
    }
    self->nb_start[n] = nb_at;
    self->rank = malloc(sizeof(int) * n);
    if (!self->rank) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_ints(rank, n, self->rank, 0, n, "rank") < 0)
        goto done;
    Py_INCREF(owner_rows);
    Py_XSETREF(self->owner_rows, owner_rows);
    Py_INCREF(band_rows);
    Py_XSETREF(self->band_rows, band_rows);
    Py_INCREF(put_out);
    Py_XSETREF(self->put_out, put_out);
    self->start = malloc(sizeof(int) * (4 * n + 1));
    self->targets = malloc(sizeof(int) * (total + 1));
    self->any_start = malloc(sizeof(int) * (n + 1));
    self->any_targets = malloc(sizeof(int) * (total + 1));
    seen = calloc(n, 1);
    self->flags = malloc((size_t)7 * n);
    self->ints = malloc(sizeof(int) * (size_t)3 * n);
    self->out = malloc(sizeof(int) * (size_t)4 * n * n); /* every source with every target for each card */
    if (!self->start || !self->targets || !self->any_start || !self->any_targets || !seen || !self->flags ||
        !self->ints || !self->out) {
        PyErr_NoMemory();
        goto done;
    }
    int at = 0;
    for (int dr = 0; dr < 4; dr++) {
        for (int d = 0; d < n; d++) {
            self->start[dr * n + d] = at;
            PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(rows[dr], d), "links must be sequences");
            if (row == NULL)
                goto done;
            for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(row); i++) {
                long t = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, i));
                if (t == -1 && PyErr_Occurred()) {
                    Py_DECREF(row);
                    goto done;
                }
                if (t < 0 || t >= n) {
                    Py_DECREF(row);
                    PyErr_SetString(PyExc_ValueError, "a link leads outside the board");
                    goto done;
                }
                self->targets[at++] = (int)t;
            }
            Py_DECREF(row);
        }
    }
    self->start[4 * n] = at;
    at = 0;
    for (int d = 0; d < n; d++) { /* each district's links in any direction, once each */
        self->any_start[d] = at;
        for (int dr = 0; dr < 4; dr++)
            for (int i = self->start[dr * n + d]; i < self->start[dr * n + d + 1]; i++) {
                int t = self->targets[i];
                if (!seen[t]) {
                    seen[t] = 1;
                    self->any_targets[at++] = t;
                }
            }
        for (int i = self->any_start[d]; i < at; i++)
            seen[self->any_targets[i]] = 0;
    }
    self->any_start[n] = at;
    self->ids = PyTuple_New(4 * n * n);
    if (self->ids == NULL)
        goto done;
    for (Py_ssize_t a = 0; a < 4 * n * n; a++) {
        PyObject *v = PyLong_FromSsize_t(a);
        if (v == NULL)
            goto done;
        PyTuple_SET_ITEM(self->ids, a, v);
    }
    ok = 0;
done:
    free(seen);
    for (int dr = 0; dr < 4; dr++)
        Py_XDECREF(rows[dr]);
    Py_DECREF(dirs);
    return ok;
}

/* The call's arguments: exactly ``want``, the first ``lists`` of them lists of one item a district (``what`` names
 * them all in the error); 0, or -1 with an exception set. */
static int check_args(MoveTable *self, Py_ssize_t nargs, PyObject *const *args, Py_ssize_t want, int lists,
                      const char *what)
{
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "takes %s", what);
        return -1;
    }
    for (int k = 0; k < lists; k++)
        if (!PyList_Check(args[k]) || PyList_GET_SIZE(args[k]) != self->n) {
            PyErr_Format(PyExc_ValueError, "takes %s, each list one item a district", what);
            return -1;
        }
    return 0;
}

/* Item d of a list of ints into *out: 0, or -1 with an exception set. */
static inline int item_long(PyObject *list, int d, long *out)
{
    *out = PyLong_AsLong(PyList_GET_ITEM(list, d));
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* The state's lists as flags per district: 0 on success, -1 with an exception set. */
static int read_state(MoveTable *self, PyObject *const *args, unsigned char *unc, unsigned char *src,
                      unsigned char *enterable, unsigned char *tier)
{
    int n = self->n;
    PyObject *fire = args[0], *bands = args[1], *houses = args[2], *demolished = args[3];
    for (int d = 0; d < n; d++) {
        long f, b;
        if (item_long(fire, d, &f) < 0 || item_long(bands, d, &b) < 0)
            return -1;
        int housed = PyObject_IsTrue(PyList_GET_ITEM(houses, d));
        if (housed < 0)
            return -1;
        int gone = PyObject_IsTrue(PyList_GET_ITEM(demolished, d));
        if (gone < 0)
            return -1;
        unc[d] = f > b;
        src[d] = f > b && f >= 2;
        enterable[d] = !unc[d] && !gone;
        /* the Fire Movement Priority's tiers, best first */
        tier[d] = housed ? (b ? 1 : 0) : (b ? 3 : 2);
    }
    return 0;
}

static int read_directions(PyObject *obj, int *dirs)
{
    if (!PyList_Check(obj) || PyList_GET_SIZE(obj) > 4) {
        PyErr_SetString(PyExc_ValueError, "directions must be a list of at most four card directions");
        return -1;
    }
    int m = (int)PyList_GET_SIZE(obj);
    for (int i = 0; i < m; i++) {
        long dr = PyLong_AsLong(PyList_GET_ITEM(obj, i));
        if (dr == -1 && PyErr_Occurred())
            return -1;
        if (dr < 0 || dr > 3 || (i && dr <= dirs[i - 1])) {
            PyErr_SetString(PyExc_ValueError, "directions must be distinct card directions (0-3) in ascending order");
            return -1;
        }
        dirs[i] = (int)dr;
    }
    return m;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The moves into out (NULL: stop at the first and return 1), or the count; -1 with an exception set. */
static Py_ssize_t find_moves(MoveTable *self, PyObject *const *args, Py_ssize_t nargs, int *out)
{
    if (check_args(self, nargs, args, 5, 4, "fire, bands, houses, demolished and directions") < 0)
        return -1;
    int n = self->n;
    int dirs[4];
    int ndirs = read_directions(args[4], dirs);
    if (ndirs < 0)
        return -1;
    unsigned char *flags = self->flags;
    int *ints = self->ints;
    unsigned char *unc = flags, *src = flags + n, *enterable = flags + 2 * n, *tier = flags + 3 * n;
    unsigned char *in_comp = flags + 4 * n, *grouped = flags + 5 * n, *reached = flags + 6 * n;
    int *queue = ints, *rows = ints + n, *targets = ints + 2 * n;
    if (read_state(self, args, unc, src, enterable, tier) < 0)
        return -1;
    Py_ssize_t count = 0;
    memset(grouped, 0, n);
    int several = 0;
    for (int root = 0; root < n; root++) {
        if (!src[root] || grouped[root])
            continue;
        /* one connected fire, grown from its lowest source along the links out of every district in it */
        memset(in_comp, 0, n);
        int head = 0, tail = 0, nrows = 0;
        queue[tail++] = root;
        in_comp[root] = 1;
        while (head < tail) {
            int d = queue[head++];
            for (int i = self->any_start[d]; i < self->any_start[d + 1]; i++) {
                int t = self->any_targets[i];
                if (unc[t] && !in_comp[t]) {
                    in_comp[t] = 1;
                    queue[tail++] = t;
                }
            }
        }
        for (int d = root; d < n; d++)
            if (in_comp[d] && src[d] && !grouped[d]) {
                rows[nrows++] = d;
                grouped[d] = 1;
            }
        if (count)
            several = 1;
        for (int k = 0; k < ndirs; k++) {
            int dr = dirs[k];
            /* the enterable districts this fire's links reach with the card, by tier */
            int best = 4;
            memset(reached, 0, n);
            for (int q = 0; q < tail; q++) {
                int d = queue[q];
                for (int i = self->start[dr * n + d]; i < self->start[dr * n + d + 1]; i++) {
                    int t = self->targets[i];
                    if (enterable[t]) {
                        reached[t] = 1;
                        if (tier[t] < best)
                            best = tier[t];
                    }
                }
            }
            if (best == 4)
                continue;
            if (out == NULL)
                return 1;
            int ntargets = 0;
            for (int t = 0; t < n; t++)
                if (reached[t] && tier[t] == best)
                    targets[ntargets++] = t;
            for (int r = 0; r < nrows; r++) {
                int base = (dr * n + rows[r]) * n;
                for (int i = 0; i < ntargets; i++)
                    out[count++] = base + targets[i];
            }
        }
    }
    if (several && out != NULL)
        qsort(out, count, sizeof(int), cmp_int);
    return count;
}

static PyObject *MoveTable_moves(MoveTable *self, PyObject *const *args, Py_ssize_t nargs)
{
    int *out = self->out;
    Py_ssize_t count = find_moves(self, args, nargs, out);
    if (count < 0)
        return NULL;
    PyObject *list = PyList_New(count);
    if (list != NULL)
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *v = PyTuple_GET_ITEM(self->ids, out[i]);
            Py_INCREF(v);
            PyList_SET_ITEM(list, i, v);
        }
    return list;
}

static PyObject *MoveTable_exists(MoveTable *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_ssize_t count = find_moves(self, args, nargs, NULL);
    if (count < 0)
        return NULL;
    return PyBool_FromLong(count > 0);
}

/* uncontained(fire, bands): the districts with more cones than trained bands, as bits (district d is bit d). */
static PyObject *MoveTable_uncontained(MoveTable *self, PyObject *const *args, Py_ssize_t nargs)
{
    int n = self->n;
    if (check_args(self, nargs, args, 2, 2, "fire and bands") < 0)
        return NULL;
    unsigned char *bytes = self->flags; /* little-endian, 8 districts a byte */
    memset(bytes, 0, (size_t)(n + 7) / 8);
    for (int d = 0; d < n; d++) {
        long f, b;
        if (item_long(args[0], d, &f) < 0 || item_long(args[1], d, &b) < 0)
            return NULL;
        if (f > b)
            bytes[d >> 3] |= (unsigned char)(1u << (d & 7));
    }
    return _PyLong_FromByteArray(bytes, (size_t)(n + 7) / 8, 1, 0);
}

/* action_menu(fire, bands, landowner): the action phase's ids before demolitions and the end, ascending: the
 * landowner's moves, each free trained band's moves (more bands than cones), putting out a contained fire under the
 * landowner (GreatFireState._action_phase_moves with action points left). */
static PyObject *MoveTable_action_menu(MoveTable *self, PyObject *const *args, Py_ssize_t nargs)
{
    int n = self->n;
    if (check_args(self, nargs, args, 3, 2, "fire, bands and the landowner's district") < 0)
        return NULL;
    long lo = PyLong_AsLong(args[2]);
    if (lo == -1 && PyErr_Occurred())
        return NULL;
    if (lo < 0 || lo >= n) {
        PyErr_SetString(PyExc_ValueError, "the landowner is not on the board");
        return NULL;
    }
    int *free_bands = self->ints;
    int nfree = 0;
    long fire_lo = 0, bands_lo = 0;
    PyObject *owner_row = PyTuple_GET_ITEM(self->owner_rows, lo);
    Py_ssize_t count = PyTuple_GET_SIZE(owner_row);
    for (int d = 0; d < n; d++) {
        long b, f;
        if (item_long(args[1], d, &b) < 0)
            return NULL;
        if (!b && d != lo)
            continue;
        if (item_long(args[0], d, &f) < 0)
            return NULL;
        if (d == lo) {
            fire_lo = f;
            bands_lo = b;
        }
        if (b > f) {
            free_bands[nfree++] = d;
            count += PyTuple_GET_SIZE(PyTuple_GET_ITEM(self->band_rows, d));
        }
    }
    int put_out = 0 < fire_lo && fire_lo <= bands_lo;
    PyObject *list = PyList_New(count + put_out);
    if (list == NULL)
        return NULL;
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(owner_row); i++) {
        PyObject *v = PyTuple_GET_ITEM(owner_row, i);
        Py_INCREF(v);
        PyList_SET_ITEM(list, at++, v);
    }
    for (int k = 0; k < nfree; k++) {
        PyObject *row = PyTuple_GET_ITEM(self->band_rows, free_bands[k]);
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(row); i++) {
            PyObject *v = PyTuple_GET_ITEM(row, i);
            Py_INCREF(v);
            PyList_SET_ITEM(list, at++, v);
        }
    }
    if (put_out) {
        Py_INCREF(self->put_out);
        PyList_SET_ITEM(list, at++, self->put_out);
    }
    return list;
}

/* The district ints of out[0..count) as a list. */
static PyObject *district_list(int *out, int count)
{
    PyObject *list = PyList_New(count);
    if (list == NULL)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *v = PyLong_FromLong(out[i]);
        if (v == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

/* demolition_sites(fire, bands, houses, demolished): GreatFireState.demolition_sites, ascending: districts holding
 * trained bands and no fire, not demolished, not blocked, with fewer than 3 houses' room or no houses left, next to
 * a burning district. */
static PyObject *MoveTable_demolition_sites(MoveTable *self, PyObject *const *args, Py_ssize_t nargs)
{
    int n = self->n;
    if (check_args(self, nargs, args, 4, 4, "fire, bands, houses and demolished") < 0)
        return NULL;
    unsigned char *burning = self->flags;
    for (int d = 0; d < n; d++) {
        int f = PyObject_IsTrue(PyList_GET_ITEM(args[0], d));
        if (f < 0)
            return NULL;
        burning[d] = (unsigned char)f;
    }
    int *out = self->ints, count = 0;
    for (int d = 0; d < n; d++) {
        int b = PyObject_IsTrue(PyList_GET_ITEM(args[1], d));
        if (b <= 0) {
            if (b < 0)
                return NULL;
            continue;
        }
        if (burning[d] || self->blocked[d])
            continue;
        int gone = PyObject_IsTrue(PyList_GET_ITEM(args[3], d));
        if (gone < 0)
            return NULL;
        if (gone)
            continue;
        if (self->size[d] >= 3) {
            int housed = PyObject_IsTrue(PyList_GET_ITEM(args[2], d));
            if (housed < 0)
                return NULL;
            if (housed)
                continue;
        }
        for (int i = self->nb_start[d]; i < self->nb_start[d + 1]; i++)
            if (burning[self->nb[i]]) {
                out[count++] = d;
                break;
            }
    }
    return district_list(out, count);
}

/* intensify_targets(fire, bands, cap): GreatFireState.intensify_targets once a cone can be had, ascending: the
 * districts other than Pudding Lane whose fire is uncontained and below its cap. */
static PyObject *MoveTable_intensify_targets(MoveTable *self, PyObject *const *args, Py_ssize_t nargs)
{
    int n = self->n;
    if (check_args(self, nargs, args, 3, 2, "fire, bands and the cap") < 0)
        return NULL;
    PyObject *cap = PySequence_Fast(args[2], "the cap must be a sequence");
    if (cap == NULL)
        return NULL;
    if (PySequence_Fast_GET_SIZE(cap) != n) {
        Py_DECREF(cap);
        PyErr_SetString(PyExc_ValueError, "the cap must hold one item a district");
        return NULL;
    }
    int *out = self->ints, count = 0;
    for (int d = 0; d < n; d++) {
        long f, b;
        if (item_long(args[0], d, &f) < 0)
            goto fail;
        if (!f || d == self->pl)
            continue;
        if (item_long(args[1], d, &b) < 0)
            goto fail;
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(cap, d));
        if (c == -1 && PyErr_Occurred())
            goto fail;
        if (f > b && f < c)
            out[count++] = d;
    }
    Py_DECREF(cap);
    return district_list(out, count);
fail:
    Py_DECREF(cap);
    return NULL;
}

/* route(fire, bands, direction, src, tgt): .route.fire_route's districts as a tuple, or None where the card
 * cannot take the fire there: the shortest way through the uncontained fire along the links in any direction to an
 * exit from which the card leads into the target, the first by name among the shortest. */
static PyObject *MoveTable_route(MoveTable *self, PyObject *const *args, Py_ssize_t nargs)
{
    int n = self->n;
    if (check_args(self, nargs, args, 5, 2, "fire, bands, the direction, the source and the target") < 0)
        return NULL;
    long v[3];
    for (int k = 0; k < 3; k++) {
        v[k] = PyLong_AsLong(args[2 + k]);
        if (v[k] == -1 && PyErr_Occurred())
            return NULL;
    }
    int dr = (int)v[0], src = (int)v[1], tgt = (int)v[2];
    if (dr < 0 || dr > 3 || src < 0 || src >= n || tgt < 0 || tgt >= n) {
        PyErr_SetString(PyExc_ValueError, "a direction 0-3 and two districts of the board");
        return NULL;
    }
    for (int i = self->start[dr * n + src]; i < self->start[dr * n + src + 1]; i++)
        if (self->targets[i] == tgt) /* straight out of the source district */
            return Py_BuildValue("(ii)", src, tgt);
    unsigned char *unc = self->flags, *near_src = self->flags + n;
    int *layer_of = self->ints, *members = self->ints + n;
    for (int d = 0; d < n; d++) {
        long f, b;
        if (item_long(args[0], d, &f) < 0 || item_long(args[1], d, &b) < 0)
            return NULL;
        unc[d] = f > b;
        near_src[d] = 0;
        layer_of[d] = -1;
    }
    for (int i = self->any_start[src]; i < self->any_start[src + 1]; i++)
        near_src[self->any_targets[i]] = 1;
    /* back from the exits (uncontained districts the card leads from into the target), a layer at a time, until a
     * layer reaches the source's neighbours; members holds the layers one after another */
    int count = 0, layer_start = 0, layers = 0;
    for (int s = 0; s < n; s++) {
        if (!unc[s])
            continue;
        for (int i = self->start[dr * n + s]; i < self->start[dr * n + s + 1]; i++)
            if (self->targets[i] == tgt) {
                layer_of[s] = 0;
                members[count++] = s;
                break;
            }
    }
    for (;;) {
        if (count == layer_start)
            Py_RETURN_NONE; /* an empty layer: no route */
        int reached = 0;
        for (int q = layer_start; q < count; q++)
            if (near_src[members[q]]) {
                reached = 1;
                break;
            }
        layers++;
        if (reached)
            break;
        int next_start = count;
        for (int q = layer_start; q < next_start; q++) {
            int x = members[q];
            for (int i = self->any_start[x]; i < self->any_start[x + 1]; i++) {
                int y = self->any_targets[i];
                if (unc[y] && layer_of[y] < 0) {
                    layer_of[y] = layers;
                    members[count++] = y;
                }
            }
        }
        layer_start = next_start;
    }
    /* forward from the source, one layer nearer the target at each step, the first by name when several are */
    PyObject *route = PyTuple_New(layers + 2);
    if (route == NULL)
        return NULL;
    int here = src;
    PyTuple_SET_ITEM(route, 0, PyLong_FromLong(src));
    for (int k = layers - 1, at = 1; k >= 0; k--, at++) {
        int best = -1;
        for (int i = self->any_start[here]; i < self->any_start[here + 1]; i++) {
            int y = self->any_targets[i];
            if (layer_of[y] == k && (best < 0 || self->rank[y] < self->rank[best]))
                best = y;
        }
        if (best < 0) { /* cannot happen: each layer was reached from the next */
            Py_DECREF(route);
            PyErr_SetString(PyExc_RuntimeError, "a fire route lost its way");
            return NULL;
        }
        here = best;
        PyTuple_SET_ITEM(route, at, PyLong_FromLong(here));
    }
    PyTuple_SET_ITEM(route, layers + 1, PyLong_FromLong(tgt));
    for (int i = 0; i < layers + 2; i++)
        if (PyTuple_GET_ITEM(route, i) == NULL) {
            Py_DECREF(route);
            return NULL;
        }
    return route;
}

static PyMethodDef MoveTable_methods[] = {
    {"route", (PyCFunction)(void (*)(void))MoveTable_route, METH_FASTCALL,
     "route(fire, bands, direction, src, tgt): the districts a fire cone passes, or None"},
    {"demolition_sites", (PyCFunction)(void (*)(void))MoveTable_demolition_sites, METH_FASTCALL,
     "demolition_sites(fire, bands, houses, demolished): the districts a demolition charge could destroy"},
    {"intensify_targets", (PyCFunction)(void (*)(void))MoveTable_intensify_targets, METH_FASTCALL,
     "intensify_targets(fire, bands, cap): the districts a cone could intensify"},
    {"action_menu", (PyCFunction)(void (*)(void))MoveTable_action_menu, METH_FASTCALL,
     "action_menu(fire, bands, landowner): the action phase's moves before demolitions and the end"},
    {"uncontained", (PyCFunction)(void (*)(void))MoveTable_uncontained, METH_FASTCALL,
     "uncontained(fire, bands): the districts whose fire is uncontained, as bits"},
    {"moves", (PyCFunction)(void (*)(void))MoveTable_moves, METH_FASTCALL,
     "moves(fire, bands, houses, demolished, directions): the legal fire move ids, ascending"},
    {"exists", (PyCFunction)(void (*)(void))MoveTable_exists, METH_FASTCALL,
     "exists(fire, bands, houses, demolished, directions): whether any fire move is legal"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject MoveTableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "firebreak.games.great_fire._fire.MoveTable",
    .tp_basicsize = sizeof(MoveTable),
    .tp_dealloc = (destructor)MoveTable_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A board's fire links, for listing fire moves in C (see the module's comment).",
    .tp_methods = MoveTable_methods,
    .tp_init = (initproc)MoveTable_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fire", "The Great Fire's fire moves, compiled.", -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fire(void)
{
    if (PyType_Ready(&MoveTableType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&MoveTableType);
    if (PyModule_AddObject(m, "MoveTable", (PyObject *)&MoveTableType) < 0) {
        Py_DECREF(&MoveTableType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
