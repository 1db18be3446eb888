// clang-format off
// A library (no main) whose escaped memory passes the points-to budget:
// its objects are then among the unresolved pointers' targets, and the
// environment's entry points were taken from the escaped set only, so the
// virtual Schedule of an object the library hands out (through
// Env::Default) was never an entry, and the thread it starts was never
// analysed: "creates no threads" (LevelDB's util/env_posix.cc). The
// unresolved targets, with what they hold (the vtable's functions), are
// entry points too.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats 2>&1 | %FileCheck %s
//
// CHECK: stats: 2 thread templates, 1 creation sites
// CHECK: env-escaped-unresolved.cpp:27:42: warning: possible data race on {{.*}}'PosixEnv' passed by the library's callers: write in thread 'Run' conflicts with read
#include <pthread.h>

struct Env {
  virtual ~Env() {}
  virtual void Schedule() = 0;
  static Env *Default();
};

namespace {
struct PosixEnv : Env {
  pthread_t bg;
  int queued = 0;
  static void *Run(void *self) {
    static_cast<PosixEnv *>(self)->queued--;
    return nullptr;
  }
  void Schedule() override {
    queued++;
    pthread_create(&bg, nullptr, &PosixEnv::Run, this);
  }
};
} // namespace

// 150 objects whose addresses the library hands out: past the budget.
#define D10(p) static int p##0, p##1, p##2, p##3, p##4, p##5, p##6, p##7, p##8, p##9;
#define A10(p) &p##0, &p##1, &p##2, &p##3, &p##4, &p##5, &p##6, &p##7, &p##8, &p##9
D10(a) D10(b) D10(c) D10(d) D10(e) D10(f) D10(g) D10(h) D10(i) D10(j) D10(k) D10(l) D10(m) D10(n) D10(o)
static int *const table[] = {
    A10(a),
    A10(b),
    A10(c),
    A10(d),
    A10(e),
    A10(f),
    A10(g),
    A10(h),
    A10(i),
    A10(j),
    A10(k),
    A10(l),
    A10(m),
    A10(n),
    A10(o)};
int *slot(int i) { return table[i]; }

static Env *default_env;
Env *Env::Default() {
  if (!default_env)
    default_env = new PosixEnv;
  return default_env;
}
