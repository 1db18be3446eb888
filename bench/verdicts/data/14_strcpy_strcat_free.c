// A spec string built with strcpy and strcat; its number is the pool size.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int pool_hits;

static void *poolw(void *arg) {
  (void)arg;
  pool_hits++;
  return NULL;
}

int main(void) {
  char spec[32];
  strcpy(spec, "pool:");
  strcat(spec, "1");
  int n = atoi(spec + 5);
  pthread_t t[2];
  for (int i = 0; i < n && i < 2; i++)
    pthread_create(&t[i], NULL, poolw, NULL);
  for (int i = 0; i < n && i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%s %d\n", spec, pool_hits);
  return 0;
}
