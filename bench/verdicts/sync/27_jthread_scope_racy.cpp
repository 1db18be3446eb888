// std::jthread (C++20) joins in its destructor: main reads the worker's
// output after the scope ends, but (BUG) also peeks inside it.
#include <cstdio>
#include <thread>

struct Stats { long lines; long words; };

int main() {
  Stats st{0, 0};
  const char *text = "one two\nthree four five\nsix\n";
  {
    std::jthread worker([&st, text](std::stop_token tok) {
      for (const char *p = text; *p && !tok.stop_requested(); p++) {
        if (*p == '\n')
          st.lines++;
        if (*p == ' ' || *p == '\n')
          st.words++;
      }
    });
    std::printf("%ld lines so far\n", st.lines); // RACE: worker still running
  } // joined here
  std::printf("%ld lines %ld words\n", st.lines, st.words);
  return 0;
}
