// The worker half of the program in lto_main.c.
extern int hits;

void *worker(void *arg) {
  hits++;
  return 0;
}
