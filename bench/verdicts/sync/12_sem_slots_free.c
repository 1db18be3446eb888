// Bounded ring buffer of 2 slots with counting semaphores for empty and
// full slots (one producer, one consumer).
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

#define SLOTS 2
#define EMPTY_INIT 2
static int ring[SLOTS];
static sem_t empty_slots, full_slots;

static void *producer(void *arg) {
  (void)arg;
  int in = 0;
  for (int v = 1; v <= 6; v++) {
    sem_wait(&empty_slots);
    ring[in] = v * 10;
    in = (in + 1) % SLOTS;
    sem_post(&full_slots);
  }
  return NULL;
}

static void *consumer(void *arg) {
  (void)arg;
  int out = 0;
  long sum = 0;
  for (int k = 0; k < 6; k++) {
    sem_wait(&full_slots);
    sum += ring[out];
    out = (out + 1) % SLOTS;
    sem_post(&empty_slots);
  }
  return (void *)sum;
}

int main(void) {
  pthread_t p, c;
  void *sum;
  sem_init(&empty_slots, 0, EMPTY_INIT);
  sem_init(&full_slots, 0, 0);
  pthread_create(&p, NULL, producer, NULL);
  pthread_create(&c, NULL, consumer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, &sum);
  printf("%ld\n", (long)sum);
  return 0;
}
