// clang-format off
// once-proxy: libstdc++'s std::call_once stores its callable in the
// thread-local std::__once_call and hands pthread_once the library's
// __once_proxy, which calls it. The once body was unresolved (an external
// routine), so nothing std::call_once runs was analysed: a read of
// `config` before call_once in one thread and the initialiser's write in
// another (-DRACY) was no finding at all. The thread model now takes the
// routine from what __once_call holds, and the replay calls what the
// caller stored there: the race is confirmed, and reading `config` after
// call_once is not one.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
//
// MODEL: function _ZL11init_configi:
// MODEL-NEXT: write config at {{.*}}cxx-call-once.cpp:31:
// MODEL: function _ZL14__gthread_oncePiPFvvE:
// MODEL: once once, {{.*}}_Prepare_execution{{.*}}__invoke
// SAFE-NOT: warning
// RACY: cxx-call-once.cpp:31:41: warning: data race on 'config': write in thread 'worker' conflicts with read in thread 'worker'
// RACY: note: interleaving: {{.*}}worker#{{[12]}}: once once,{{.*}}worker#{{[12]}}: write config (cxx-call-once.cpp:31)
#include <mutex>
#include <thread>

static std::once_flag once;
static int config;
static std::mutex m;
static long hits;

static void init_config(int v) { config = v; }

static void worker() {
#ifdef RACY
  int early = config;
#else
  int early = 0;
#endif
  std::call_once(once, init_config, 42);
  std::lock_guard<std::mutex> g(m);
  hits += config + early;
}

int main() {
  std::thread a(worker), b(worker);
  a.join();
  b.join();
  return int(hits);
}
