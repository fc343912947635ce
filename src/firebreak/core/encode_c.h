/* Shared helpers for the games' compiled observation writers (games/<game>/_encode.c).
 *
 * Why C: a learning loop encodes one observation per decision, and in Python each of its hundreds of numbers
 * costs an interpreter round of its own, about as much as the game's whole move. A compiled writer reads the same
 * state fields as the game's Python fast path (ObservationEncoder.write_state) and writes the same numbers into
 * the caller's zeroed float32 buffer, computing each one in doubles exactly as the Python expression does and
 * casting it to float once, so the two paths agree bit for bit (the tests compare them at every step).
 *
 * Nothing here knows any game. Every read is checked: a state field of the wrong type or an index outside its
 * list raises a Python exception, and every write is bounds-checked against the buffer, so a corrupt state gives
 * an error, never a write outside the caller's array.
 */
#ifndef FIREBREAK_ENCODE_C_H
#define FIREBREAK_ENCODE_C_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

/* The caller's output: a float32 buffer of n numbers. */
typedef struct {
    float *v;
    Py_ssize_t n;
} fb_out;

/* Opens ``obj`` (a writable C-contiguous float32 buffer of exactly ``size`` numbers) for writing; -1 with an
 * exception set otherwise. Release with PyBuffer_Release(buf) on every path once opened. */
static inline int fb_out_open(PyObject *obj, Py_ssize_t size, Py_buffer *buf, fb_out *out)
{
    if (PyObject_GetBuffer(obj, buf, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    const char *f = buf->format;
    size_t k = f ? strlen(f) : 0;
    int native = k == 1 || (k == 2 && (f[0] == '@' || f[0] == '=' ||
#if PY_LITTLE_ENDIAN
                                       f[0] == '<'
#else
                                       f[0] == '>'
#endif
                                       ));
    if (!native || f[k - 1] != 'f' || buf->itemsize != 4) {
        PyErr_SetString(PyExc_TypeError, "the observation buffer must hold float32 numbers");
        PyBuffer_Release(buf);
        return -1;
    }
    if (buf->len / 4 != size) {
        PyErr_Format(PyExc_ValueError, "the observation buffer holds %zd numbers; the layout has %zd",
                     buf->len / 4, size);
        PyBuffer_Release(buf);
        return -1;
    }
    out->v = (float *)buf->buf;
    out->n = size;
    return 0;
}

/* A Python int as a C long (a bool counts as 0 or 1); -1 with an exception set when it is not an int. */
static inline int fb_as_long(PyObject *value, long *out)
{
    /* the state's numbers are mostly small ints (one digit): read in place, without PyLong_AsLong's call */
#if PY_VERSION_HEX >= 0x030C0000
    if (PyLong_CheckExact(value) && PyUnstable_Long_IsCompact((PyLongObject *)value)) {
        *out = (long)PyUnstable_Long_CompactValue((PyLongObject *)value);
        return 0;
    }
#elif PY_VERSION_HEX >= 0x030B0000
    if (PyLong_CheckExact(value) && Py_SIZE(value) >= -1 && Py_SIZE(value) <= 1) {
        *out = Py_SIZE(value) == 0 ? 0 : (long)Py_SIZE(value) * (long)((PyLongObject *)value)->ob_digit[0];
        return 0;
    }
#endif
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "expected an int in the game state, found %.80s", Py_TYPE(value)->tp_name);
        return -1;
    }
    *out = PyLong_AsLong(value);
    if (*out == -1 && PyErr_Occurred())
        return -1;
    return 0;
}

/* Interns ``count`` attribute names once, at module import. */
static inline int fb_intern(const char *const *names, PyObject **out, int count)
{
    for (int i = 0; i < count; i++) {
        out[i] = PyUnicode_InternFromString(names[i]);
        if (out[i] == NULL)
            return -1;
    }
    return 0;
}

/* write(state, viewer, out)'s arguments, checked: ``viewer`` a seat of a ``players``-player game and ``out`` a
 * float32 buffer of ``size`` numbers, opened into ``buf`` and ``w``. Every writer's write method starts here and
 * ends with fb_write_end; -1 with an exception set (and nothing to release) otherwise. */
static inline int fb_write_begin(PyObject *const *args, Py_ssize_t nargs, long players, Py_ssize_t size,
                                 long *viewer, Py_buffer *buf, fb_out *w)
{
    if (nargs != 3) {
        PyErr_Format(PyExc_TypeError, "write(state, viewer, out) takes 3 arguments, %zd given", nargs);
        return -1;
    }
    if (fb_as_long(args[1], viewer) < 0)
        return -1;
    if (*viewer < 0 || *viewer >= players) {
        PyErr_Format(PyExc_ValueError, "viewer %ld is not a seat of a %ld-player game", *viewer, players);
        return -1;
    }
    return fb_out_open(args[2], size, buf, w);
}

/* Ends a write begun by fb_write_begin, whose body returned ``status``: on failure (negative) the buffer is zeroed
 * again, so a corrupt state leaves nothing half-written behind. None, or NULL with the body's exception. */
static inline PyObject *fb_write_end(Py_buffer *buf, fb_out *w, int status)
{
    if (status < 0)
        memset(w->v, 0, (size_t)w->n * sizeof(float));
    PyBuffer_Release(buf);
    if (status < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* The module every writer is: the state's attribute names interned once, and ``type`` (its Encoder) readied and
 * added to the module ``def`` describes. A new module, or NULL with an exception set. */
static inline PyObject *fb_module_create(PyModuleDef *def, PyTypeObject *type, const char *const *names,
                                         PyObject **interned, int count)
{
    if (fb_intern(names, interned, count) < 0 || PyType_Ready(type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(def);
    if (m == NULL)
        return NULL;
    Py_INCREF(type);
    if (PyModule_AddObject(m, "Encoder", (PyObject *)type) < 0) {
        Py_DECREF(type);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/* out[i] = (float)x, refusing an index outside the buffer. */
static inline int fb_put(fb_out *o, Py_ssize_t i, double x)
{
    if (i < 0 || i >= o->n) {
        PyErr_Format(PyExc_IndexError, "observation index %zd is outside its %zd numbers", i, o->n);
        return -1;
    }
    o->v[i] = (float)x;
    return 0;
}

/* out[base + i] = (float)x, refusing an i outside the buffer (i may be any state number: no overflow). */
static inline int fb_put_at(fb_out *o, Py_ssize_t base, long i, double x)
{
    if (base < 0 || base >= o->n || i < 0 || (size_t)i >= (size_t)(o->n - base)) {
        PyErr_Format(PyExc_IndexError, "observation index %zd + %ld is outside its %zd numbers", base, i, o->n);
        return -1;
    }
    o->v[base + i] = (float)x;
    return 0;
}

/* obj.name as a C long. */
static inline int fb_long_attr(PyObject *obj, PyObject *name, long *out)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    if (value == NULL)
        return -1;
    int r = fb_as_long(value, out);
    Py_DECREF(value);
    return r;
}

/* obj.name, which must be a list: a new reference, or NULL with an exception set. */
static inline PyObject *fb_list_attr(PyObject *obj, PyObject *name)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    if (value == NULL)
        return NULL;
    if (!PyList_Check(value)) {
        PyErr_Format(PyExc_TypeError, "expected the game state's %U to be a list, found %.80s", name,
                     Py_TYPE(value)->tp_name);
        Py_DECREF(value);
        return NULL;
    }
    return value;
}

/* list[i] (borrowed), which must exist and be a list itself; NULL with an exception set otherwise. */
static inline PyObject *fb_list_item_list(PyObject *list, Py_ssize_t i)
{
    if (i < 0 || i >= PyList_GET_SIZE(list)) {
        PyErr_Format(PyExc_IndexError, "index %zd is outside a game state list of %zd", i, PyList_GET_SIZE(list));
        return NULL;
    }
    PyObject *item = PyList_GET_ITEM(list, i);
    if (!PyList_Check(item)) {
        PyErr_Format(PyExc_TypeError, "expected a list in the game state, found %.80s", Py_TYPE(item)->tp_name);
        return NULL;
    }
    return item;
}

/* list[i] as a C long, the index checked. */
static inline int fb_list_long(PyObject *list, Py_ssize_t i, long *out)
{
    if (i < 0 || i >= PyList_GET_SIZE(list)) {
        PyErr_Format(PyExc_IndexError, "index %zd is outside a game state list of %zd", i, PyList_GET_SIZE(list));
        return -1;
    }
    return fb_as_long(PyList_GET_ITEM(list, i), out);
}

/* The truth of list[i] (any object), the index checked; -1 with an exception set on error. */
static inline int fb_list_truth(PyObject *list, Py_ssize_t i)
{
    if (i < 0 || i >= PyList_GET_SIZE(list)) {
        PyErr_Format(PyExc_IndexError, "index %zd is outside a game state list of %zd", i, PyList_GET_SIZE(list));
        return -1;
    }
    return PyObject_IsTrue(PyList_GET_ITEM(list, i));
}

/* obj.name, which must be a list or a tuple (a game's fixed tables are often tuples): a new reference, or NULL
 * with an exception set. Read its items with fb_seq_long; its length is PySequence_Fast_GET_SIZE. */
static inline PyObject *fb_seq_attr(PyObject *obj, PyObject *name)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    if (value == NULL)
        return NULL;
    if (!PyList_Check(value) && !PyTuple_Check(value)) {
        PyErr_Format(PyExc_TypeError, "expected the game state's %U to be a list or a tuple, found %.80s", name,
                     Py_TYPE(value)->tp_name);
        Py_DECREF(value);
        return NULL;
    }
    return value;
}

/* seq[i] (a list or a tuple) as a C long, the index checked. */
static inline int fb_seq_long(PyObject *seq, Py_ssize_t i, long *out)
{
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (i < 0 || i >= n) {
        PyErr_Format(PyExc_IndexError, "index %zd is outside a game state sequence of %zd", i, n);
        return -1;
    }
    return fb_as_long(PySequence_Fast_GET_ITEM(seq, i), out);
}

/* A check that a value read from the state lies in [lo, hi): -1 with a ValueError naming ``what`` otherwise. */
static inline int fb_check_range(long value, long lo, long hi, const char *what)
{
    if (value < lo || value >= hi) {
        PyErr_Format(PyExc_ValueError, "the game state's %s is %ld, outside %ld..%ld", what, value, lo, hi - 1);
        return -1;
    }
    return 0;
}

/* Constructor helpers: a writer is built from a dict of the Python encoder's constants (layout offsets and sizes
 * as ints, data tables as tuples of ints), so no game data is written in C. */

/* dict[key] as a Py_ssize_t; -1 with a KeyError or TypeError set otherwise. */
static inline int fb_dict_size(PyObject *dict, const char *key, Py_ssize_t *out)
{
    PyObject *value = PyDict_GetItemString(dict, key);
    if (value == NULL) {
        PyErr_Format(PyExc_KeyError, "the writer's layout lacks %s", key);
        return -1;
    }
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "the writer's %s must be an int", key);
        return -1;
    }
    *out = PyLong_AsSsize_t(value);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* dict[key], a tuple or list of ints, copied into a new PyMem_Malloc'd array (free it with PyMem_Free) of *len
 * numbers; -1 with an exception set otherwise. */
static inline int fb_dict_longs(PyObject *dict, const char *key, long **out, Py_ssize_t *len)
{
    PyObject *value = PyDict_GetItemString(dict, key);
    if (value == NULL) {
        PyErr_Format(PyExc_KeyError, "the writer's layout lacks %s", key);
        return -1;
    }
    if (!PyList_Check(value) && !PyTuple_Check(value)) {
        PyErr_Format(PyExc_TypeError, "the writer's %s must be a tuple of ints", key);
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(value);
    long *array = PyMem_Malloc((size_t)(n > 0 ? n : 1) * sizeof(long));
    if (array == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (fb_as_long(PySequence_Fast_GET_ITEM(value, i), &array[i]) < 0) {
            PyMem_Free(array);
            return -1;
        }
    }
    *out = array;
    *len = n;
    return 0;
}

/* Reading an object's __slots__ attributes straight from its memory (a state read at every decision: some forty
 * attribute look-ups, each a walk through the class's dictionaries, are most of what a writer costs otherwise).
 * fb_slots_prepare, once per write, finds for each name the slot the object's class keeps it in (its member
 * descriptor's offset) and keeps them while the class is unchanged (its version tag); fb_slots_get reads a slot
 * there, or falls back to getattr for a name that is no plain slot (a property, a class attribute), an object of
 * another class or a slot not set (getattr then raises the usual AttributeError). */
#ifndef Py_T_OBJECT_EX
#include <structmember.h>
#define Py_T_OBJECT_EX T_OBJECT_EX
#endif

#define FB_MAX_SLOTS 96

typedef struct {
    PyTypeObject *type; /* the class the offsets were found for (a strong reference), or NULL */
    unsigned int version;
    Py_ssize_t offset[FB_MAX_SLOTS]; /* per name: the slot's offset in the object, or 0 (read by getattr) */
} fb_slots;

static inline int fb_type_version_valid(PyTypeObject *type, unsigned int version)
{
#ifdef Py_TPFLAGS_VALID_VERSION_TAG
    if (!(type->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG))
        return 0;
#endif
    return version != 0 && type->tp_version_tag == version;
}

/* Make ``s`` ready for objects of ``obj``'s class (``count`` <= FB_MAX_SLOTS names); -1 with an exception set. */
static inline int fb_slots_prepare(fb_slots *s, PyObject *obj, PyObject *const *names, int count)
{
    PyTypeObject *type = Py_TYPE(obj);
    if (s->type == type && fb_type_version_valid(type, s->version))
        return 0;
    if (count > FB_MAX_SLOTS) {
        PyErr_SetString(PyExc_ValueError, "too many slot names");
        return -1;
    }
    Py_CLEAR(s->type);
    for (int i = 0; i < count; i++) {
        s->offset[i] = 0;
        PyObject *descr = PyObject_GetAttr((PyObject *)type, names[i]); /* the class's own attribute */
        if (descr == NULL) {
            PyErr_Clear();
            continue;
        }
        if (Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
            PyMemberDescrObject *m = (PyMemberDescrObject *)descr;
            PyMemberDef *def = m->d_member;
            if (def->type == Py_T_OBJECT_EX && PyType_IsSubtype(type, m->d_common.d_type) && def->offset > 0 &&
                def->offset + (Py_ssize_t)sizeof(PyObject *) <= type->tp_basicsize)
                s->offset[i] = def->offset;
        }
        Py_DECREF(descr);
    }
    s->version = type->tp_version_tag;
    if (!fb_type_version_valid(type, s->version)) /* no version tag to check against: getattr every time */
        for (int i = 0; i < count; i++)
            s->offset[i] = 0;
    Py_INCREF(type);
    s->type = type;
    return 0;
}

/* obj.<names[i]> (a new reference, or NULL with an exception set), through ``s`` prepared for obj's class. */
static inline PyObject *fb_slots_get(const fb_slots *s, PyObject *obj, PyObject *const *names, int i)
{
    if (Py_TYPE(obj) == s->type && s->offset[i] > 0) {
        PyObject *v = *(PyObject **)((char *)obj + s->offset[i]);
        if (v != NULL) {
            Py_INCREF(v);
            return v;
        }
    }
    return PyObject_GetAttr(obj, names[i]);
}

#endif /* FIREBREAK_ENCODE_C_H */
