// getline over fmemopen: the first non-comment line picks shared or
// per-thread counters.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "# cache config\nper-thread\n";
static int counters[2];
static int shared_mode;

static void *count(void *arg) {
  int id = (int)(long)arg;
  counters[shared_mode ? 0 : id]++;
  return NULL;
}

int main(void) {
  FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
  char *line = NULL;
  size_t cap = 0;
  while (getline(&line, &cap, f) > 0) {
    if (line[0] == '#')
      continue;
    shared_mode = strncmp(line, "shared", 6) == 0;
    break;
  }
  free(line);
  fclose(f);
  pthread_t a, b;
  pthread_create(&a, NULL, count, (void *)0L);
  pthread_create(&b, NULL, count, (void *)1L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%d %d\n", counters[0], counters[1]);
  return 0;
}
