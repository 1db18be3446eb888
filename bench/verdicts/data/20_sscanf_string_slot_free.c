// sscanf reads a mode word into a buffer; 'shared' makes both threads use
// slot 0, 'private' gives each thread its own slot.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char mode[16] = "shared";
static long slots[2];

static void *work(void *arg) {
  long id = (long)arg;
  int slot = strcmp(mode, "shared") == 0 ? 0 : (int)id;
  slots[slot] += id + 1;
  return NULL;
}

int main(void) {
  sscanf("mode=private", "mode=%15s", mode);
  pthread_t a, b;
  pthread_create(&a, NULL, work, (void *)0L);
  pthread_create(&b, NULL, work, (void *)1L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%ld %ld\n", slots[0], slots[1]);
  return 0;
}
