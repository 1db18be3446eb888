// clang-format off
// signals: a signal thread blocks SIGUSR1/SIGUSR2, waits in sigwait and
// counts events; main sends them with pthread_kill and counts too. The
// replay took sigwait's result as an input and its wait as one it does not
// keep, and forked on the signal number every time round the loop until
// its path budget ran out: the two unlocked counts (TSan 3/3) were a
// possible race. Now the replay keeps each thread's blocked mask and the
// signals sent to it: sigwait returns the lowest pending one of its set,
// and the race is confirmed. With the mutex (-DSAFE) nothing is reported.
// A signal the thread does not block (-DUNBLOCKED) would go to its default
// action: not replayed, the race stays possible and says why.
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DSAFE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=SAFE --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DUNBLOCKED %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=UNBLOCKED --implicit-check-not=warning:
// clang-format on
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static sigset_t handled;
static long events;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void bump(void) {
#ifdef SAFE
  pthread_mutex_lock(&mu);
#endif
  // RACY: sigwait.c:[[#@LINE+2]]:9: warning: data race on 'events': write in thread 'main' conflicts with read in thread 'signal_thread'
  // UNBLOCKED: sigwait.c:[[#@LINE+1]]:9: warning: possible data race on 'events': write in thread 'main' conflicts with read in thread 'signal_thread' (not decided: {{.*}}a signal sent to a thread that does not block it (its handler or its default action))
  events++;
#ifdef SAFE
  pthread_mutex_unlock(&mu);
#endif
}

static void *signal_thread(void *arg) {
  int sig;
  (void)arg;
  for (;;) {
    if (sigwait(&handled, &sig) != 0)
      break;
    if (sig == SIGUSR2)
      break;
    if (sig == SIGUSR1)
      bump();
  }
  return NULL;
}

int main(void) {
  pthread_t t;
  sigemptyset(&handled);
  sigaddset(&handled, SIGUSR1);
  sigaddset(&handled, SIGUSR2);
#ifndef UNBLOCKED
  pthread_sigmask(SIG_BLOCK, &handled, NULL); // Inherited by the thread.
#endif
  pthread_create(&t, NULL, signal_thread, NULL);
  for (int i = 0; i < 3; i++) {
    pthread_kill(t, SIGUSR1);
    bump();
    usleep(1000);
  }
  pthread_kill(t, SIGUSR2);
  pthread_join(t, NULL);
  printf("events=%ld\n", events);
  return 0;
}
// SAFE-NOT: warning
