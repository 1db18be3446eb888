// The signal is taken with sigwait in a dedicated thread (all threads
// block it); the result is read after the join.
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

static volatile sig_atomic_t reloads;
static sigset_t set;

static void *watcher(void *arg) {
  (void)arg;
  int sig;
  if (sigwait(&set, &sig) == 0 && sig == SIGHUP)
    reloads = reloads + 1;
  return NULL;
}

int main(void) {
  sigemptyset(&set);
  sigaddset(&set, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  reloads = 100;
  pthread_t t;
  pthread_create(&t, NULL, watcher, NULL);
  pthread_kill(t, SIGHUP);
  pthread_join(t, NULL);
  printf("%d\n", (int)reloads);
  return 0;
}
