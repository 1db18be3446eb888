// The worker count read with fgets from a stream over a constant buffer.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char config[] = "workers=1\n";
static int pending = 100;

static void *drain(void *arg) {
  (void)arg;
  while (pending > 0)
    pending--;
  return NULL;
}

int main(void) {
  FILE *f = fmemopen((void *)config, strlen(config), "r");
  if (!f)
    return 1;
  char line[64];
  int n = 1;
  if (fgets(line, sizeof line, f) && strncmp(line, "workers=", 8) == 0)
    n = atoi(line + 8);
  fclose(f);
  if (n < 1 || n > 2)
    return 1;
  pthread_t t[2];
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], NULL, drain, NULL);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", pending);
  return 0;
}
