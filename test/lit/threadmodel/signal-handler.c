// clang-format off
// signal-handler: a handler that signal() or sigaction() installs runs
// when a signal arrives, in whichever thread the signal interrupts, any
// number of times, from the installation on: a library thread (see
// library-threads.c). Its write of `reloads` was attributed to no thread
// and the race with main's write was missed. Such races stay possible (the
// replay does not run a library's threads). SIG_IGN installs no handler,
// and handlers that touch no shared memory race with nobody (-DQUIET).
// The flags C lets a handler set, `volatile sig_atomic_t`, are taken as
// relaxed atomics (compromise sig-atomic-flag, -DFLAG): xz's handlers'
// flags were three possible races each.
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -c -DQUIET %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: %clang -g -c -DFLAG %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: %clang -g -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
//
// Each handler's write is one warning; its conflict with main's read at
// the end is a note of it.
// RACY: signal-handler.c:[[#@LINE+28]]:10: warning: possible data race on 'reloads': write in thread 'on_hup' conflicts with read in thread 'on_hup'{{.*}}library-thread
// RACY: signal-handler.c:[[#@LINE+51]]:10: note: also a possible data race on 'reloads': this write conflicts with read in thread 'main' here
// RACY: signal-handler.c:[[#@LINE+29]]:10: warning: possible data race on 'hangups': write in thread 'on_alarm' conflicts with read in thread 'on_alarm'{{.*}}library-thread
// RACY: signal-handler.c:[[#@LINE+49]]:20: note: also a possible data race on 'hangups': this write conflicts with read in thread 'main' here
// QUIET-NOT: warning
// MODEL: C0 in main at signal-handler.c:[[#@LINE+34]]:3 -> on_hup loop library
// MODEL-NEXT: C1 in main at signal-handler.c:[[#@LINE+34]]:3 -> on_alarm loop library
// MODEL-NEXT: C2 in main at signal-handler.c:[[#@LINE+34]]:3 -> loop library
#include <pthread.h>
#include <signal.h>
#include <string.h>

static int reloads, hangups;

static void *watcher(void *arg) {
  raise(SIGHUP);
  return arg;
}

#if defined(QUIET)
static void on_hup(int sig) { (void)sig; }
static void on_alarm(int sig) { (void)sig; }
#elif defined(FLAG)
static volatile sig_atomic_t reload_flag, alarm_flag;
static void on_hup(int sig) { reload_flag = 1; }
static void on_alarm(int sig) { alarm_flag = alarm_flag + 1; }
#else
static void on_hup(int sig) {
  reloads++;
}
static void on_alarm(int sig) {
  hangups++;
}
#endif

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_hup;
  sigaction(SIGHUP, &sa, 0);
  signal(SIGALRM, on_alarm);
  signal(SIGPIPE, SIG_IGN);
  pthread_t t;
  pthread_create(&t, 0, watcher, 0);
#ifdef FLAG
  while (!reload_flag && !alarm_flag)
    ;
#else
  reloads = 100;
  hangups = 1;
#endif
  pthread_join(t, 0);
  return reloads + hangups;
}
