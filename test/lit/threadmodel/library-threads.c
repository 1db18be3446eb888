// clang-format off
// library-thread: libraries that run a function they are given on threads
// of their own (uv_queue_work's work_cb, g_thread_pool_new's function,
// FUSE's operations table) start threads that may run any number of times,
// concurrently with the caller and with each other; uv_thread_create is a
// thread creation like pthread_create. Such races stay possible: the replay
// does not run a library's threads. Unsynchronised counters race; locked
// ones (-DLOCKED) do not.
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -c -DLOCKED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=LOCKED --allow-empty --implicit-check-not='warning: {{.*}}data race on {{.*}}_total'
// RUN: %clang -g -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
#include <pthread.h>
#include <stddef.h>

// libuv
typedef struct uv_loop_s uv_loop_t;
typedef struct uv_work_s { void *data; } uv_work_t;
typedef unsigned long uv_thread_t;
int uv_queue_work(uv_loop_t *loop, uv_work_t *req, void (*work_cb)(uv_work_t *),
                  void (*after_work_cb)(uv_work_t *, int));
int uv_thread_create(uv_thread_t *tid, void (*entry)(void *), void *arg);
uv_loop_t *uv_default_loop(void);
// GLib
typedef struct GThreadPool GThreadPool;
GThreadPool *g_thread_pool_new(void (*func)(void *, void *), void *user_data,
                               int max_threads, int exclusive, void **error);
int g_thread_pool_push(GThreadPool *pool, void *data, void **error);
// FUSE
struct fuse_operations {
  int (*getattr)(const char *, void *);
  int (*read)(const char *, char *, size_t, long, void *);
};
int fuse_main_real(int argc, char *argv[], const struct fuse_operations *op,
                   size_t op_size, void *private_data);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
long uv_total, pool_total, fuse_total, thread_total;

#ifdef LOCKED
#define ADD(x, v) (pthread_mutex_lock(&m), x += (v), pthread_mutex_unlock(&m))
#else
#define ADD(x, v) (x += (v))
#endif

static void work(uv_work_t *req) { ADD(uv_total, 1); }
static void pooled(void *data, void *user) { ADD(pool_total, 1); }
static int fs_getattr(const char *path, void *st) { ADD(fuse_total, 1); return 0; }
static int fs_read(const char *p, char *b, size_t n, long o, void *f) { ADD(fuse_total, 2); return 0; }
static void entry(void *arg) { ADD(thread_total, 1); }

static const struct fuse_operations ops = {.getattr = fs_getattr, .read = fs_read};

int main(int argc, char *argv[]) {
  static uv_work_t req;
  uv_queue_work(uv_default_loop(), &req, work, NULL);
  GThreadPool *p = g_thread_pool_new(pooled, NULL, 4, 0, NULL);
  g_thread_pool_push(p, &req, NULL);
  uv_thread_t t;
  uv_thread_create(&t, entry, NULL);
  ADD(thread_total, 1);
  return fuse_main_real(argc, argv, &ops, sizeof ops, NULL);
}
// RACY-DAG: library-threads.c:46:36: warning: possible data race on 'uv_total': write in thread 'work' conflicts with read in thread 'work' ({{.*}}a thread a library starts (library-thread) is not replayed)
// RACY-DAG: library-threads.c:47:46: warning: possible data race on 'pool_total': write in thread 'pooled' conflicts with read in thread 'pooled'
// RACY-DAG: library-threads.c:48:53: warning: possible data race on 'fuse_total': write in thread 'fs_getattr' conflicts with read in thread 'fs_getattr'
// RACY-DAG: library-threads.c:49:73: warning: possible data race on 'fuse_total': write in thread 'fs_read' conflicts with read in thread 'fs_getattr'
// RACY-DAG: library-threads.c:61:3: warning: data race on 'thread_total': write in thread 'main' conflicts with read in thread 'entry'
// MODEL: C0 in main at library-threads.c:56:3 -> work loop library
// MODEL-NEXT: C1 in main at library-threads.c:57:20 -> pooled loop library
// MODEL-NEXT: C2 in main at library-threads.c:60:3 -> entry handles t
// MODEL-NEXT: C3 in main at library-threads.c:62:10 -> fs_read, fs_getattr loop library
// MODEL: N0 -> N0: create work at library-threads.c:56:3
// LOCKED-NOT: warning: {{.*}}_total
