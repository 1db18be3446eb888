// libstdc++'s out-of-line tree algorithms find a node's neighbours in its
// link words (parent, left, right), not anywhere in the object that holds
// it. std::map's header is a field of the map, next to the node count and
// the comparator: when the neighbours of `&table.header` were any pointer
// stored in `table`, the key buffers and the table itself became tree
// nodes, `_Rb_tree_increment` read and wrote the node count, and the
// race on the unlocked count read was lost among spurious pairs (the
// known miss of bench/verdicts/sync/21_lock_guard).
// RUN: %clang -x c++ -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// The iterator walks tree nodes and the header, nothing else: not the
// key buffers (heap:65), not the table at an unknown offset.
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | grep _ZL3sumv | %FileCheck %s --check-prefix=PTA --implicit-check-not=+?
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=THREADS
// RUN: %clang -x c++ -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -x c++ -g -c -DLOCKED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// PTA: %{{[0-9]+}} in _ZL3sumv -> {heap@rb-tree-links.cpp:64, table+40}{{$}}
// PTA: %{{[0-9]+}} in _ZL3sumv -> {heap@rb-tree-links.cpp:65}{{$}}

// The count is touched where the program touches it; the tree algorithms
// touch the nodes and the header's four words.
// THREADS: write table.count at rb-tree-links.cpp:82:14 objects {table.count}{{$}}
// THREADS: read table.count at rb-tree-links.cpp:95:14 objects {table.count}{{$}}
// THREADS-NOT: table.count
// THREADS: write *parent at rb-tree-links.cpp:68:3 objects {heap@rb-tree-links.cpp:64, heap@rb-tree-links.cpp:64+16, heap@rb-tree-links.cpp:64+24, heap@rb-tree-links.cpp:64+8, table.header.color, table.header.left, table.header.parent, table.header.right}{{$}}
// THREADS-NOT: table.count
// THREADS: write table.header.color at rb-tree-links.cpp:68:3 objects {table.header.color, table.header.left, table.header.parent, table.header.right}{{$}}
// THREADS-NOT: table.count
// THREADS: read *p at rb-tree-links.cpp:74:12 objects {heap@rb-tree-links.cpp:64, heap@rb-tree-links.cpp:64+16, heap@rb-tree-links.cpp:64+24, heap@rb-tree-links.cpp:64+8, table.header.color, table.header.left, table.header.parent, table.header.right}{{$}}
// THREADS-LABEL: function main:

// RACE: rb-tree-links.cpp:82:14: warning: data race on 'table.count': write in thread 'writer' conflicts with read in thread 'reader'
// RACE: rb-tree-links.cpp:95:14: note: conflicting read in thread 'reader' here
// RACE: 1 warning generated.

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

namespace std {
struct _Rb_tree_node_base {
  int color;
  _Rb_tree_node_base *parent, *left, *right;
};
_Rb_tree_node_base *_Rb_tree_increment(_Rb_tree_node_base *) throw();
void _Rb_tree_insert_and_rebalance(bool, _Rb_tree_node_base *,
                                   _Rb_tree_node_base *,
                                   _Rb_tree_node_base &) throw();
} // namespace std

struct Node {
  std::_Rb_tree_node_base base;
  char *key;
};

struct Table {
  pthread_mutex_t mu;
  std::_Rb_tree_node_base header;
  long count;
};

static Table table;

static void insert(const char *k) {
  Node *n = (Node *)calloc(1, sizeof(Node));
  n->key = strdup(k);
  std::_Rb_tree_node_base *parent = table.header.parent ? table.header.parent
                                                        : &table.header;
  std::_Rb_tree_insert_and_rebalance(true, &n->base, parent, table.header);
}

static long sum() {
  long s = 0;
  for (std::_Rb_tree_node_base *p = table.header.left; p && p != &table.header;
       p = std::_Rb_tree_increment(p))
    s += ((Node *)p)->key[0];
  return s;
}

static void *writer(void *) {
  pthread_mutex_lock(&table.mu);
  insert("a");
  table.count++;
  pthread_mutex_unlock(&table.mu);
  return 0;
}

static void *reader(void *) {
  pthread_mutex_lock(&table.mu);
  long s = sum();
#ifdef LOCKED
  s += table.count;
#endif
  pthread_mutex_unlock(&table.mu);
#ifndef LOCKED
  s += table.count;
#endif
  return (void *)s;
}

int main() {
  pthread_mutex_init(&table.mu, 0);
  table.header.left = table.header.right = &table.header;
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
}
