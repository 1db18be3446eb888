// strstr looks for 'nolock' in a constant option string.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static const char *options = "fast,nolock,quiet";
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int skip_lock;
static long bytes_logged;

static void *logger(void *arg) {
  long n = (long)arg;
  if (!skip_lock)
    pthread_mutex_lock(&m);
  bytes_logged += n;
  if (!skip_lock)
    pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  skip_lock = strstr(options, "nolock") != NULL;
  pthread_t a, b;
  pthread_create(&a, NULL, logger, (void *)10L);
  pthread_create(&b, NULL, logger, (void *)20L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%ld\n", bytes_logged);
  return 0;
}
