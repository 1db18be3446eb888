// The program of old.c some commits later: five lines above the old race,
// 'removed' fixed, 'added' new.


#include <pthread.h>
int kept, added;
void *worker(void *arg) {
  kept++;
  added++;
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  return 0;
}
