// clang-format off
// A C++ function-local static is initialised once, under
// __cxa_guard_acquire/__cxa_guard_release (Itanium ABI): while one thread
// initialises it, the others wait, and only that thread gets 1 from the
// acquire. The replay took the acquire as an unknown function whose result
// is an input, so both threads "got 1" and the initialisation's writes
// were a confirmed race. The replay now keeps the guard: its first byte
// says the static is ready, and a second thread waits while the first
// initialises it, so that interleaving is not one the program can take.
// The model checker does not know the guard: the pair stays a possible
// race, and a real race next to it (-DRACY) is still confirmed.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not='warning: data race'
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
//
// CHECK: cxx-static-init.cpp:31:29: warning: possible data race on 'cfg.max_conns': write in thread 'handler' conflicts with write in thread 'handler' (not decided: {{.*}}a thread waits in '__cxa_guard_acquire' at line 31 while another initialises the static
// RACY: cxx-static-init.cpp:41:9: warning: data race on 'served': write in thread 'handler' conflicts with read in thread 'handler'
#include <pthread.h>
#include <stdlib.h>

struct Config {
  int max_conns;
  int timeout_ms;
};

static Config load_config() {
  const char *e = getenv("MAXC");
  return Config{e ? atoi(e) : 128, 250};
}

static const Config &config() {
  static const Config cfg = load_config();
  return cfg;
}

static long served;

static void *handler(void *arg) {
  long *acc = static_cast<long *>(arg);
  *acc += config().max_conns;
#ifdef RACY
  served++;
#endif
  return nullptr;
}

int main() {
  long a = 0, b = 0;
  pthread_t t1, t2;
  pthread_create(&t1, nullptr, handler, &a);
  pthread_create(&t2, nullptr, handler, &b);
  pthread_join(t1, nullptr);
  pthread_join(t2, nullptr);
  return int(a + b + served);
}
