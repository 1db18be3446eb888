// isdigit (glibc's ctype table) on a constant decides a second thread.
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>

static int level;

static void *bump(void *arg) {
  (void)arg;
  level = level + 1;
  return NULL;
}

int main(void) {
  const char *arg = "x2";
  int numeric = isdigit((unsigned char)arg[0]) != 0;
  pthread_t a, b;
  pthread_create(&a, NULL, bump, NULL);
  if (numeric)
    pthread_create(&b, NULL, bump, NULL);
  pthread_join(a, NULL);
  if (numeric)
    pthread_join(b, NULL);
  printf("%d\n", level);
  return 0;
}
