/*
 * sim_gc.c -- the collector side: initialisation like a player, counted
 * managed allocation, GC handles, the write barrier, finalizer tracking.
 */
#include <stdlib.h>
#include <string.h>

#include <gc.h>
#include <gc/gc_mark.h>   /* the simulation always builds on the installed bdwgc */

#include "sim_internal.h"

static bool gc_ready;
static uint64_t alloc_count;

void sim_gc_init(void)
{
    if (gc_ready)
        return;
    /* What IL2CPP's Boehm backend does: no data-segment roots, so whatever
     * must stay alive has to be reachable from the stacks, the heap, GC
     * handles, static-field blocks or registered push-root callbacks. */
    GC_set_no_dls(1);
    GC_INIT();
    GC_allow_register_threads();
    /* the thread that starts the runtime is attached, as in a player */
    sim_thread_attach_main();
    sim_vectors_init();
    gc_ready = true;
}

void *sim_gc_alloc(size_t size, bool pointer_free)
{
    /* IL2CPP allocates objects of classes without references pointer-free
     * (GC_MALLOC_ATOMIC): the collector does not scan them, so nothing may
     * hide a managed reference in, say, a byte[]. */
    void *p = pointer_free ? GC_MALLOC_ATOMIC(size) : GC_MALLOC(size);
    if (p == NULL)
        return NULL;
    if (pointer_free)
        memset(p, 0, size);
    alloc_count++;
    return p;
}

void *sim_gc_alloc_kind(size_t size, unsigned kind)
{
    void *p = GC_generic_malloc(size, (int)kind);   /* the kind clears */
    if (p != NULL)
        alloc_count++;
    return p;
}

uint64_t sim_gc_alloc_count(void)
{
    return alloc_count;
}

void sim_gc_store(void **slot, void *value)
{
    /* libil2cpp: *ptr = value; GarbageCollector::SetWriteBarrier(ptr),
     * which is GC_dirty under incremental collection. */
    GC_ptr_store_and_dirty(slot, value);
}

void il2cpp_gc_wbarrier_set_field(Il2CppObject *obj, void **targetAddress,
                                  void *object)
{
    (void)obj;
    sim_gc_store(targetAddress, object);
}

void il2cpp_gc_collect(int maxGenerations)
{
    (void)maxGenerations;
    GC_gcollect();
}

/* Zeroes the stack just below the caller.  The collector scans live
 * frames conservatively, including their never-written padding; a
 * collection started from frames that reuse the addresses of an earlier,
 * deeper call (a field read, a method bridge) would otherwise find that
 * call's leftover pointers and keep dead objects alive at random. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void sim_scrub_stack(void)
{
    volatile unsigned char scratch[32768];
    memset((void *)scratch, 0, sizeof scratch);
}

void sim_collect(void)
{
    sim_scrub_stack();
    GC_gcollect();
    GC_invoke_finalizers();
}

/* ---- GC handles ---------------------------------------------------------------
 * Strong handles are slots of one uncollectable (hence scanned) table.  The
 * handle value encodes the slot like libil2cpp: (slot << 3) | type, with
 * type 2 = normal, 3 = pinned; 0 is never a valid handle. */
enum { HANDLE_WEAK = 0, HANDLE_NORMAL = 2, HANDLE_PINNED = 3 };

static Il2CppObject **handle_slots;  /* GC_MALLOC_UNCOLLECTABLE */
static uint32_t *handle_free;        /* malloc'd stack of free slot indices */
static uint8_t *handle_used;
static uint32_t handle_cap, handle_top, handle_free_count;

static bool handles_grow(void)
{
    uint32_t cap = handle_cap ? handle_cap * 2 : 64;
    Il2CppObject **slots = GC_MALLOC_UNCOLLECTABLE(cap * sizeof *slots);
    uint32_t *freelist = realloc(handle_free, cap * sizeof *freelist);
    uint8_t *used = realloc(handle_used, cap);
    if (freelist)
        handle_free = freelist;
    if (used)
        handle_used = used;
    if (slots == NULL || freelist == NULL || used == NULL) {
        GC_FREE(slots);
        return false;
    }
    memset(slots, 0, cap * sizeof *slots);
    memset(used + handle_cap, 0, cap - handle_cap);
    if (handle_cap)
        memcpy(slots, handle_slots, handle_cap * sizeof *slots);
    GC_FREE(handle_slots);  /* only after the copy holds every target */
    handle_slots = slots;
    handle_cap = cap;
    return true;
}

static uint32_t handle_new(Il2CppObject *obj, bool pinned)
{
    uint32_t slot;
    if (handle_free_count > 0) {
        slot = handle_free[--handle_free_count];
    } else {
        if (handle_top == handle_cap && !handles_grow())
            return 0;
        slot = handle_top++;
    }
    handle_slots[slot] = obj;
    handle_used[slot] = 1;
    return ((slot + 1) << 3) | (pinned ? HANDLE_PINNED : HANDLE_NORMAL);
}

static bool handle_slot(uint32_t gchandle, uint32_t *slot)
{
    uint32_t type = gchandle & 7, index = gchandle >> 3;
    if ((type != HANDLE_NORMAL && type != HANDLE_PINNED) || index == 0 ||
        index > handle_top || !handle_used[index - 1])
        return false;
    *slot = index - 1;
    return true;
}

/* ---- weak handles (type 0, like libil2cpp's HANDLE_WEAK) ---------------------
 * Each is a disappearing link the collector clears when its object becomes
 * unreachable: a malloc'd cell holding the hidden pointer (never a strong
 * reference, wherever it is scanned), read under the allocation lock as
 * libil2cpp's GarbageCollector::GetWeakLink does. */
static void **weak_links;        /* malloc'd: index -> its link cell */
static uint32_t *weak_free;
static uint32_t weak_cap, weak_top, weak_free_count;

static uint32_t weak_new(Il2CppObject *obj, bool track_resurrection)
{
    (void)track_resurrection;   /* no finalizer resurrects what libzlua tracks */
    uint32_t slot;
    if (weak_free_count > 0) {
        slot = weak_free[--weak_free_count];
    } else {
        if (weak_top == weak_cap) {
            uint32_t cap = weak_cap ? weak_cap * 2 : 64;
            void **links = realloc(weak_links, cap * sizeof *links);
            if (links)
                weak_links = links;
            uint32_t *fl = realloc(weak_free, cap * sizeof *fl);
            if (fl)
                weak_free = fl;
            if (links == NULL || fl == NULL)
                return 0;
            weak_cap = cap;
        }
        slot = weak_top++;
    }
    GC_word *cell = malloc(sizeof *cell);
    if (cell == NULL) {
        weak_free[weak_free_count++] = slot;
        return 0;
    }
    *cell = GC_HIDE_POINTER(obj);
    if (obj != NULL)
        GC_general_register_disappearing_link((void **)cell, obj);
    weak_links[slot] = cell;
    return ((slot + 1) << 3) | HANDLE_WEAK;
}

static GC_word *weak_cell(uint32_t gchandle)
{
    uint32_t index = gchandle >> 3;
    if ((gchandle & 7) != HANDLE_WEAK || index == 0 || index > weak_top)
        return NULL;
    return weak_links[index - 1];
}

static void *GC_CALLBACK weak_reveal(void *cell)
{
    GC_word w = *(GC_word *)cell;
    return w == 0 ? NULL : GC_REVEAL_POINTER(w);
}

static Il2CppObject *handle_target(uint32_t gchandle)
{
    uint32_t slot;
    if ((gchandle & 7) == HANDLE_WEAK) {
        GC_word *cell = weak_cell(gchandle);
        /* the collector clears a link to 0, which is no hidden pointer */
        return cell == NULL ? NULL : GC_call_with_alloc_lock(weak_reveal, cell);
    }
    return handle_slot(gchandle, &slot) ? handle_slots[slot] : NULL;
}

static void handle_free_one(uint32_t gchandle)
{
    uint32_t slot;
    if ((gchandle & 7) == HANDLE_WEAK) {
        GC_word *cell = weak_cell(gchandle);
        if (cell == NULL)
            return;
        GC_unregister_disappearing_link((void **)cell);
        free(cell);
        weak_links[(gchandle >> 3) - 1] = NULL;
        weak_free[weak_free_count++] = (gchandle >> 3) - 1;
        return;
    }
    if (!handle_slot(gchandle, &slot))
        return;
    handle_slots[slot] = NULL;
    handle_used[slot] = 0;
    handle_free[handle_free_count++] = slot;
}

/* ---- finalizer tracking ---------------------------------------------------------
 * The finalizer's client data is the id (an integer, not a pointer), and
 * the flags live in malloc'd memory the collector does not scan, so being
 * tracked never keeps an object alive. */
static uint8_t *track_alive;  /* index = id */
static int track_count, track_cap;

static void GC_CALLBACK on_finalized(void *obj, void *client_data)
{
    int id = (int)(intptr_t)client_data;
    (void)obj;
    if (id > 0 && id <= track_count)
        track_alive[id] = 0;
}

int sim_track(Il2CppObject *obj)
{
    if (obj == NULL || GC_base(obj) != (void *)obj)
        return 0;
    if (track_count + 1 >= track_cap) {
        int cap = track_cap ? track_cap * 2 : 64;
        uint8_t *grown = realloc(track_alive, (size_t)cap);
        if (grown == NULL)
            return 0;
        track_alive = grown;
        track_cap = cap;
    }
    int id = ++track_count;
    track_alive[id] = 1;
    GC_register_finalizer_no_order(obj, on_finalized, (void *)(intptr_t)id,
                                   NULL, NULL);
    return id;
}

int sim_alive(int id)
{
    return id > 0 && id <= track_count && track_alive[id];
}

void *sim_gc_alloc_root(size_t size)
{
    /* static-field blocks, String.Empty, the literal table: scanned and
     * never collected, like libil2cpp's GarbageCollector::AllocateFixed */
    void *p = GC_MALLOC_UNCOLLECTABLE(size);
    if (p == NULL)
        abort();
    memset(p, 0, size);
    return p;
}

/* ---- the API: uint32_t handles, or Unity 6's pointer ones --------------------
 * With SIM_GCHANDLE_POINTER (ZLUA_SIM_GCHANDLE=pointer) a handle is an
 * Il2CppGCHandle whose bits sit above the low 32 on 64-bit targets, so a
 * caller that kept one in 32 bits loses it, as it would on Unity 6. */
#if SIM_GCHANDLE_POINTER
#define HANDLE_SHIFT (UINTPTR_MAX > 0xffffffffu ? 32 : 0)
static SimGCHandle handle_out(uint32_t h)
{
    return (SimGCHandle)(((uintptr_t)h << HANDLE_SHIFT) | (h ? 1u : 0u));
}
static uint32_t handle_in(SimGCHandle h)
{
    return (uint32_t)((uintptr_t)h >> HANDLE_SHIFT);
}
#else
static SimGCHandle handle_out(uint32_t h) { return h; }
static uint32_t handle_in(SimGCHandle h) { return h; }
#endif

SimGCHandle il2cpp_gchandle_new(Il2CppObject *obj, bool pinned)
{
    return handle_out(handle_new(obj, pinned));
}

SimGCHandle il2cpp_gchandle_new_weakref(Il2CppObject *obj, bool track_resurrection)
{
    return handle_out(weak_new(obj, track_resurrection));
}

Il2CppObject *il2cpp_gchandle_get_target(SimGCHandle gchandle)
{
    return handle_target(handle_in(gchandle));
}

void il2cpp_gchandle_free(SimGCHandle gchandle)
{
    handle_free_one(handle_in(gchandle));
}
