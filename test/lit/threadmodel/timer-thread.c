// clang-format off
// timer-thread: timer_create with SIGEV_THREAD runs sigev_notify_function
// on a new thread at each expiry (and mq_notify at each message), with
// sigev_value as its argument, concurrently with the caller and with its
// own earlier runs. A tick counter the notify function bumps through
// sival_ptr while main polls it races (possible: the replay does not run a
// library's threads); an atomic counter (-DSAFE) does not. Before, the
// notify function was no thread: the race was missed (TSan does not see
// glibc's notify threads either).
// RUN: %clang -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not='warning:'
// RUN: %clang -g -c -DSAFE %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty --implicit-check-not='warning:'
// RUN: %clang -g -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
#include <signal.h>
#include <time.h>
#include <unistd.h>

struct stats {
#ifdef SAFE
  _Atomic long ticks;
#else
  long ticks;
#endif
  long polls;
};

static void tick(union sigval sv) {
  struct stats *s = sv.sival_ptr;
  // RACY: timer-thread.c:[[#@LINE+2]]:11: warning: possible data race on 'st.ticks': write in thread 'tick' conflicts with read in thread 'tick' ({{.*}}a thread a library starts (library-thread) is not replayed)
  // RACY: timer-thread.c:[[#@LINE+16]]:13: note: also a possible data race on 'st.ticks': this write conflicts with read in thread 'main' here
  s->ticks++;
}

int main(void) {
  static struct stats st;
  struct sigevent sev = {0};
  sev.sigev_notify = SIGEV_THREAD;
  sev.sigev_notify_function = tick;
  sev.sigev_value.sival_ptr = &st;
  timer_t id;
  // MODEL: C0 in main at timer-thread.c:[[#@LINE+1]]:7 -> tick loop library
  if (timer_create(CLOCK_MONOTONIC, &sev, &id) != 0)
    return 1;
  struct itimerspec its = {{0, 1000000}, {0, 1000000}};
  timer_settime(id, 0, &its, 0);
  while (st.ticks < 3) {
    st.polls++;
    usleep(1000);
  }
  timer_delete(id);
  return 0;
}
// SAFE-NOT: warning
