// A signal handler, run in the worker thread that raises the signal,
// writes a plain global that main writes too.
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static int reloads;

static void on_hup(int sig) {
  (void)sig;
  reloads++; /* runs in the thread that raised it */
}

static void *watcher(void *arg) {
  (void)arg;
  raise(SIGHUP); /* delivered to this thread */
  return NULL;
}

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_hup;
  sigaction(SIGHUP, &sa, NULL);
  pthread_t t;
  pthread_create(&t, NULL, watcher, NULL);
  reloads = 100;
  pthread_join(t, NULL);
  printf("%d\n", reloads);
  return 0;
}
