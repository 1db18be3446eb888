// One thread per input line, as many as there are lines; each thread
// parses its own copy (race-free) or also bumps a shared count (racy).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parsed;

static void *parse(void *p) {
  char *line = p;
  line[strcspn(line, "\n")] = '\0';
#ifndef SAFE
  parsed++;
#endif
  return line;
}

int main(void) {
  const char *input = "a\nb\nc\n";
  FILE *in = fmemopen((void *)input, strlen(input), "r");
  pthread_t t[16];
  int n = 0;
  char buf[64];
  while (n < 16 && fgets(buf, sizeof buf, in)) {
    char *copy = strdup(buf);
    pthread_create(&t[n++], NULL, parse, copy);
  }
  for (int i = 0; i < n; i++) {
    void *r;
    pthread_join(t[i], &r);
    puts(r);
    free(r);
  }
  fclose(in);
  printf("%d\n", parsed);
  return 0;
}
