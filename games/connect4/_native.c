/* Connect Four's proof search in C: the native kernel of `games.connect4.native`.
 *
 * A line-for-line translation of this project's own Python proof search for Connect Four
 * (minimax_cli/core/search/proof.py: ProofSearch, over games/connect4/proof.py: ConnectFourKernel),
 * on the same bitboards, in the same order, with the same table semantics, so that scores AND
 * node counts are equal to the plain-Python path's (tests/core/test_proof_native.py checks it on
 * samples of every shared test set). Read those two modules for what each step means; the comments
 * here say only where C differs in form:
 *
 * - the boards are 64-bit words (used only when cols * (rows + 1) <= 64);
 * - the table is the same buckets of two slots (full keys), grown and emptied the same way;
 * - the budget check is the same Python callable, called at the same node counts (before node n
 *   is visited, when n reaches `check_at`; it returns the next `check_at`, so a node budget is
 *   exact); an exception it raises (a budget's Stop, or KeyboardInterrupt from a signal checked
 *   there too) unwinds the recursion without counting node n or writing the table, as the Python
 *   search's exception does.
 *
 * Built by `pip install .` when a C compiler is at hand (setup.py: optional); never required.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

#define FAILED INT32_MIN /* the recursion unwinds: a Python exception is set */
#define MAX_COLS 16      /* the move ranks keep a column's place in 4 bits, as in Python */
#define MIN_TABLE_BITS 10   /* proof.py's MIN_SLOTS: 1024 */
#define START_TABLE_BITS 12 /* proof.py's START_SLOTS: 4096 */
#define MAX_TABLE_BITS 40

typedef struct {
    uint64_t key;
    int16_t value;
    int16_t plies; /* the position's plies: the deeper of two entries is replaced first */
    uint32_t used; /* 0: the slot is empty (None in Python) */
} Slot;

typedef struct {
    PyObject_HEAD
    /* the kernel */
    int cols, height, up, rise, fall, max_plies, symmetry_plies;
    uint64_t bottom, board, column;
    uint64_t order[MAX_COLS];
    /* the search */
    int lower_bound;
    long long max_entries, nodes, probes, hits, check_at;
    PyObject *check;
    /* the table */
    Slot *slots;
    uint64_t capacity; /* a power of two */
    int shift;         /* 64 - log2(capacity) */
    int start_bits, max_bits; /* log2 of BucketTable's START_SLOTS and max_slots */
    long long count;
} Search;

static inline int popcount64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
#endif
}

/* ---- the table ---------------------------------------------------------------------------- */

static inline uint64_t slot_of(const Search *s, uint64_t key) {
    return (key * 0x9E3779B97F4A7C15ULL) >> s->shift;
}

/* The slot of `key` in its bucket (BucketTable.slot): the one holding it, else an empty one, else
 * the one of more plies. */
static inline Slot *find(const Search *s, uint64_t key) {
    Slot *first = &s->slots[slot_of(s, key) & ~(uint64_t)1], *second = first + 1;
    if (first->used && first->key == key) {
        return first;
    }
    if (second->used && second->key == key) {
        return second;
    }
    if (!first->used) {
        return first;
    }
    if (!second->used) {
        return second;
    }
    return first->plies >= second->plies ? first : second;
}

/* A table of 2**bits slots holding the entries of the old one, moved in slot order
 * (BucketTable._grow; an empty table when there was none). */
static int allocate(Search *s, int bits) {
    Slot *slots = PyMem_Calloc((size_t)1 << bits, sizeof(Slot));
    if (slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    Slot *old = s->slots;
    uint64_t old_capacity = s->capacity;
    s->slots = slots;
    s->capacity = (uint64_t)1 << bits;
    s->shift = 64 - bits;
    if (old != NULL) {
        for (uint64_t i = 0; i < old_capacity; i++) {
            if (old[i].used) {
                *find(s, old[i].key) = old[i];
            }
        }
        PyMem_Free(old);
    }
    return 0;
}

/* BucketTable.clear: an empty table of the starting size. */
static int empty(Search *s) {
    s->count = 0;
    if (s->slots != NULL && s->capacity == (uint64_t)1 << s->start_bits) {
        memset(s->slots, 0, (size_t)s->capacity * sizeof(Slot));
        return 0;
    }
    PyMem_Free(s->slots);
    s->slots = NULL;
    return allocate(s, s->start_bits);
}

/* BucketTable.store: the entry of `key` at ply `plies`, the table doubled first when a new key
 * would fill more than half of it and it may grow. */
static inline int store(Search *s, uint64_t key, int32_t value, int plies) {
    Slot *slot = find(s, key);
    if (!(slot->used && slot->key == key) && 64 - s->shift < s->max_bits &&
        (uint64_t)(s->count + 1) * 2 > s->capacity) {
        if (allocate(s, 65 - s->shift) < 0) {
            return -1;
        }
        slot = find(s, key);
    }
    if (!slot->used) {
        slot->used = 1;
        s->count++;
    }
    slot->key = key;
    slot->value = (int16_t)value;
    slot->plies = (int16_t)plies;
    return 0;
}

/* ---- the kernel (ConnectFourKernel) ------------------------------------------------------- */

static inline uint64_t line_ends(uint64_t own, int step) {
    uint64_t a = own << step, b = own >> step;
    uint64_t a2 = a & (a << step), b2 = b & (b >> step);
    return (a2 & ((a << 2 * step) | b)) | (b2 & (a | (b >> 2 * step)));
}

static inline uint64_t winning(const Search *s, uint64_t own, uint64_t mask) {
    uint64_t r = (own << 1) & (own << 2) & (own << 3);
    r |= line_ends(own, s->up);
    r |= line_ends(own, s->rise);
    r |= line_ends(own, s->fall);
    return r & (s->board ^ mask);
}

static inline int wins_now(const Search *s, uint64_t cur, uint64_t mask) {
    return (winning(s, cur, mask) & (mask + s->bottom) & s->board) != 0;
}

static inline uint64_t key_of(const Search *s, uint64_t cur, uint64_t mask, int plies) {
    uint64_t key = cur + mask, mirror = 0;
    if (plies >= s->symmetry_plies) {
        return key;
    }
    for (int c = 0; c < s->cols; c++) {
        mirror |= ((key >> (c * s->height)) & s->column) << ((s->cols - 1 - c) * s->height);
    }
    return key <= mirror ? key : mirror;
}

/* ---- the search (ProofSearch) ------------------------------------------------------------- */

/* The budget check before node number `visiting` (ProofSearch.count): -1 when it stopped the
 * search (an exception is set), else 0 with `check_at` the node it asks to be called at next. */
static int checkpoint(Search *s, long long visiting) {
    if (PyErr_CheckSignals() < 0) {
        return -1;
    }
    PyObject *nodes = PyLong_FromLongLong(visiting);
    if (nodes == NULL) {
        return -1;
    }
    PyObject *next = PyObject_CallOneArg(s->check, nodes);
    Py_DECREF(nodes);
    if (next == NULL) {
        return -1;
    }
    long long at = PyLong_AsLongLong(next);
    Py_DECREF(next);
    if (at == -1 && PyErr_Occurred()) {
        return -1;
    }
    s->check_at = at;
    return 0;
}

/* Count a node visited, once the budget allows it: -1 when it does not (an exception is set). */
static inline int count(Search *s) {
    long long visiting = s->nodes + 1;
    if (visiting >= s->check_at && checkpoint(s, visiting) < 0) {
        return -1;
    }
    s->nodes = visiting;
    return 0;
}

static int32_t node(Search *s, uint64_t cur, uint64_t mask, int n, int32_t alpha, int32_t beta) {
    if (count(s) < 0) {
        return FAILED;
    }
    const int last = s->max_plies;
    /* expand: the moves that do not hand the opponent a win at once */
    uint64_t opponent = cur ^ mask;
    uint64_t playable = (mask + s->bottom) & s->board;
    uint64_t threats = winning(s, opponent, mask);
    uint64_t forced = playable & threats;
    if (forced) {
        if (forced & (forced - 1)) {
            return -((last - n) / 2);
        }
        playable = forced;
    }
    playable &= ~(threats >> 1);
    if (!playable) {
        return -((last - n) / 2);
    }
    if (n >= last - 2) {
        return 0;
    }
    int32_t low = -((last - 2 - n) / 2);
    if (alpha < low) {
        alpha = low;
        if (alpha >= beta) {
            return alpha;
        }
    }
    int32_t high = (last - 1 - n) / 2;
    uint64_t key = key_of(s, cur, mask, n);
    s->probes++;
    Slot *slot = find(s, key);
    if (slot->used && slot->key == key) {
        s->hits++;
        int32_t entry = slot->value;
        if (entry >= s->lower_bound / 2) {
            int32_t bound = entry - s->lower_bound;
            if (alpha < bound) {
                alpha = bound;
                if (alpha >= beta) {
                    return alpha;
                }
            }
        } else if (entry < high) {
            high = entry;
        }
    }
    if (beta > high) {
        beta = high;
        if (alpha >= beta) {
            return beta;
        }
    }
    /* the children, best first: most threats created, then the kernel's column order */
    uint64_t moves[MAX_COLS];
    int count = 0;
    if (!(playable & (playable - 1))) {
        moves[count++] = playable;
    } else {
        int ranks[MAX_COLS];
        for (int place = 0; place < s->cols; place++) {
            uint64_t move = playable & s->order[place];
            if (move) {
                int rank = popcount64(winning(s, cur | move, mask)) * 16 + 15 - place;
                int i = count++;
                while (i > 0 && ranks[i - 1] < rank) {
                    ranks[i] = ranks[i - 1];
                    moves[i] = moves[i - 1];
                    i--;
                }
                ranks[i] = rank;
                moves[i] = move;
            }
        }
    }
    for (int i = 0; i < count; i++) {
        int32_t score = node(s, opponent, mask | moves[i], n + 1, -beta, -alpha);
        if (score == FAILED) {
            return FAILED;
        }
        score = -score;
        if (score >= beta) {
            return store(s, key, score + s->lower_bound, n) < 0 ? FAILED : score;
        }
        if (score > alpha) {
            alpha = score;
        }
    }
    return store(s, key, alpha, n) < 0 ? FAILED : alpha;
}

static int read_state(PyObject *state, uint64_t *cur, uint64_t *mask) {
    PyObject *a, *b;
    if (!PyArg_ParseTuple(state, "OO", &a, &b)) {
        return -1;
    }
    *cur = PyLong_AsUnsignedLongLong(a);
    if (PyErr_Occurred()) {
        return -1;
    }
    *mask = PyLong_AsUnsignedLongLong(b);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *Search_solve(Search *s, PyObject *args) {
    PyObject *state;
    int n, weak;
    uint64_t cur, mask;
    if (!PyArg_ParseTuple(args, "Oip", &state, &n, &weak) || read_state(state, &cur, &mask) < 0) {
        return NULL;
    }
    const int last = s->max_plies;
    if (wins_now(s, cur, mask)) {
        if (count(s) < 0) {
            return NULL;
        }
        return PyLong_FromLong(weak ? 1 : (last + 1 - n) / 2);
    }
    int32_t low = -((last - n) / 2), high = (last + 1 - n) / 2;
    if (weak) {
        low = low > -1 ? low : -1;
        high = high < 1 ? high : 1;
    }
    while (low < high) {
        int32_t probe = low + (high - low) / 2;
        if (probe <= 0 && low / 2 < probe) { /* C's division truncates, as int(low / 2) */
            probe = low / 2;
        } else if (probe >= 0 && high / 2 > probe) {
            probe = high / 2;
        }
        int32_t found = node(s, cur, mask, n, probe, probe + 1);
        if (found == FAILED) {
            return NULL;
        }
        if (found <= probe) {
            high = found;
        } else {
            low = found;
        }
    }
    if (weak) {
        return PyLong_FromLong(high <= -1 ? -1 : low >= 1 ? 1 : 0);
    }
    return PyLong_FromLong(low);
}

static PyObject *Search_at_least(Search *s, PyObject *args) {
    PyObject *state;
    int n, value;
    uint64_t cur, mask;
    if (!PyArg_ParseTuple(args, "Oii", &state, &n, &value) || read_state(state, &cur, &mask) < 0) {
        return NULL;
    }
    if (wins_now(s, cur, mask)) {
        if (count(s) < 0) {
            return NULL;
        }
        return PyBool_FromLong((s->max_plies + 1 - n) / 2 >= value);
    }
    int32_t found = node(s, cur, mask, n, value - 1, value);
    if (found == FAILED) {
        return NULL;
    }
    return PyBool_FromLong(found >= value);
}

static PyObject *Search_clear(Search *s, PyObject *Py_UNUSED(ignored)) {
    if (empty(s) < 0) { /* as ProofSearch.clear: the checkpoints are the budget's */
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *Search_entries(Search *s, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromLongLong(s->count);
}

static int Search_init(Search *s, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"cols", "rows", "order", "symmetry_plies", "max_entries", "check",
                            "check_at", "lower_bound", NULL};
    int cols, rows, symmetry_plies, lower_bound;
    long long max_entries, check_at;
    PyObject *order, *check;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiOiLOLi", names, &cols, &rows, &order,
                                     &symmetry_plies, &max_entries, &check, &check_at,
                                     &lower_bound)) {
        return -1;
    }
    if (cols < 1 || cols > MAX_COLS || rows < 1 || cols * (rows + 1) > 64 || rows + 2 > 30) {
        PyErr_SetString(PyExc_ValueError, "the native kernel takes boards of at most 64 bits");
        return -1;
    }
    if (!PyCallable_Check(check)) {
        PyErr_SetString(PyExc_TypeError, "check must be callable");
        return -1;
    }
    PyObject *columns = PySequence_Fast(order, "order must be a sequence of column masks");
    if (columns == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(columns) != cols) {
        Py_DECREF(columns);
        PyErr_SetString(PyExc_ValueError, "order must hold every column once");
        return -1;
    }
    int height = rows + 1;
    for (int i = 0; i < cols; i++) {
        uint64_t cells = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(columns, i));
        if (PyErr_Occurred()) {
            Py_DECREF(columns);
            return -1;
        }
        s->order[i] = cells;
    }
    Py_DECREF(columns);
    s->cols = cols;
    s->height = height;
    s->up = height;
    s->rise = height + 1;
    s->fall = height - 1;
    s->bottom = 0;
    for (int c = 0; c < cols; c++) {
        s->bottom |= (uint64_t)1 << (c * height);
    }
    s->board = s->bottom * ((((uint64_t)1) << rows) - 1);
    s->column = ((uint64_t)1 << height) - 1;
    s->max_plies = cols * rows;
    s->symmetry_plies = symmetry_plies;
    s->max_entries = max_entries;
    s->lower_bound = lower_bound;
    s->check_at = check_at; /* the first node the check is called at */
    s->nodes = s->probes = s->hits = 0;
    Py_INCREF(check);
    Py_XSETREF(s->check, check);
    int bits = MIN_TABLE_BITS; /* table_slots(max_entries): a power of two within it */
    while (bits < MAX_TABLE_BITS && ((long long)1 << (bits + 1)) <= max_entries) {
        bits++;
    }
    s->max_bits = bits;
    s->start_bits = bits < START_TABLE_BITS ? bits : START_TABLE_BITS;
    PyMem_Free(s->slots);
    s->slots = NULL;
    return empty(s);
}

static void Search_dealloc(Search *s) {
    PyObject_GC_UnTrack(s);
    Py_CLEAR(s->check);
    PyMem_Free(s->slots);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int Search_traverse(Search *s, visitproc visit, void *arg) {
    Py_VISIT(s->check);
    return 0;
}

static int Search_tp_clear(Search *s) {
    Py_CLEAR(s->check);
    return 0;
}

static PyMethodDef Search_methods[] = {
    {"solve", (PyCFunction)Search_solve, METH_VARARGS,
     "solve(state, plies, weak): the score of a state that is not finished (ProofSearch.solve)"},
    {"at_least", (PyCFunction)Search_at_least, METH_VARARGS,
     "at_least(state, plies, value): whether the score is at least value (ProofSearch.at_least)"},
    {"clear", (PyCFunction)Search_clear, METH_NOARGS, "empty the table"},
    {"entries", (PyCFunction)Search_entries, METH_NOARGS, "the entries in the table"},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef Search_members[] = {
    {"nodes", T_LONGLONG, offsetof(Search, nodes), 0, "nodes visited, from the start"},
    {"probes", T_LONGLONG, offsetof(Search, probes), 0, "table look-ups"},
    {"hits", T_LONGLONG, offsetof(Search, hits), 0, "table look-ups that found an entry"},
    {"max_entries", T_LONGLONG, offsetof(Search, max_entries), READONLY, "the table's cap"},
    {"check_at", T_LONGLONG, offsetof(Search, check_at), 0,
     "the node number at which the budget check is next called"},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "games.connect4._native.Search",
    .tp_doc = "Connect Four's proof search (ProofSearch over ConnectFourKernel), in C.",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_traverse = (traverseproc)Search_traverse,
    .tp_clear = (inquiry)Search_tp_clear,
    .tp_methods = Search_methods,
    .tp_members = Search_members,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_native",
    .m_doc = "Connect Four's proof search in C (see games/connect4/native.py).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&SearchType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) {
        return NULL;
    }
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
