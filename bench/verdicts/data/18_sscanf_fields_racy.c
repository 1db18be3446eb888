// sscanf fills struct fields through pointers; 'locked' decides locking.
#include <pthread.h>
#include <stdio.h>

struct server_cfg {
  int port;
  int locked;
};

static struct server_cfg cfg = {80, 0};
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int connections;

static void *accept_loop(void *arg) {
  (void)arg;
  if (cfg.locked) {
    pthread_mutex_lock(&m);
    connections++;
    pthread_mutex_unlock(&m);
  } else {
    connections++;
  }
  return NULL;
}

int main(void) {
  if (sscanf("port=8080 locked=0", "port=%d locked=%d", &cfg.port, &cfg.locked) != 2)
    return 1;
  pthread_t a, b;
  pthread_create(&a, NULL, accept_loop, NULL);
  pthread_create(&b, NULL, accept_loop, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%d on %d\n", connections, cfg.port);
  return 0;
}
