//===- Channels.cpp - Pipes and socket pairs the program makes itself -----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A library call's result is an input: any value the environment may give.
// That holds for a file or a socket to the outside, not for a channel the
// program made: a blocking read on it returns only what another thread
// wrote, so a hand-off over it orders the threads. Taking the read's
// result as an input confirmed races the hand-off rules out. The replay
// keeps the bytes of the program's own pipes and socket pairs (also
// through dup); a read that would block on an empty one ends the path, as
// the interleaving does not let the writer run first; an eventfd keeps its
// count. What is read from the program's other channels (a FIFO it made,
// a message queue,
// a signal it waits for, a stream over one of its descriptors) has no
// bytes here: a wait on one returns when another thread decides, so a race
// the replay meets after one stays possible (docs/design-validate.md, "own
// channels").
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"

#include <cerrno>

using namespace llvm;

namespace racesift {
namespace validate {

namespace {
constexpr uint64_t NonBlockFlag = 04000; // O_NONBLOCK, SOCK_NONBLOCK.
constexpr uint64_t DontWaitFlag = 0x40;  // MSG_DONTWAIT.
constexpr uint64_t MaxTransfer = 1u << 16;
} // namespace

std::optional<bool> Replayer::channelCall(Path &P, unsigned T,
                                          const CallBase &CB, StringRef N) {
  Frame &F = P.Threads[T].Stack.back();
  auto Arg = [&](unsigned I) { return eval(P, F, CB.getArgOperand(I)); };
  auto Done = [&](int64_t R) { return finishWith(P, T, CB, R); };
  auto FlagsAt = [&](unsigned I) -> uint64_t {
    Val V = Arg(I);
    return V.isConst() ? V.K->getZExtValue() : 0;
  };
  auto Concrete = [&](unsigned I) -> std::optional<int64_t> {
    if (CB.arg_size() <= I)
      return std::nullopt;
    Val V = Arg(I);
    if (!V.isConst())
      return std::nullopt;
    return V.K->getSExtValue();
  };
  // A wait on a channel the replay does not keep: when it returns is
  // another thread's doing, so a race found after it is not a fact.
  auto Unkept = [&](const std::string &What) -> std::optional<bool> {
    if (P.UnkeptWait.empty())
      P.UnkeptWait = "'" + N.str() + "'" + atLine(CB) + " waits on " + What;
    return std::nullopt; // Otherwise an unknown call, as before.
  };
  Type *I8 = Type::getInt8Ty(CB.getContext());
  Type *I32 = Type::getInt32Ty(CB.getContext());

  // Channels the replay does not keep: their descriptors and streams.
  if (N == "mkfifo" || N == "mkfifoat")
    P.MadeFifo = true;
  if (std::optional<bool> E = eventCounter(P, T, CB, N))
    return *E;
  if (isOneOf(N, {"signalfd", "mq_open", "timerfd_create"}) ||
      ((N == "open" || N == "open64" || N == "openat") && P.MadeFifo)) {
    int64_t Fd = P.NextChannelFd++;
    P.OwnUnkept.insert(Fd);
    return Done(Fd);
  }
  if (isOneOf(N, {"sigwait", "sigwaitinfo", "sigtimedwait", "mq_receive",
                  "mq_timedreceive"}))
    return Unkept("a signal or a channel of the program's own");
  if (N == "fdopen") {
    std::optional<int64_t> Fd = Concrete(0);
    if (Fd && (P.ChannelFds.count(*Fd) || P.OwnUnkept.count(*Fd))) {
      uint64_t Stream = allocate(P, 4096);
      P.OwnUnkept.insert(Stream);
      finishCall(P, T, CB, Val::constant(64, Stream));
      return true;
    }
    return std::nullopt;
  }
  // Reads from a stream over one of the program's own descriptors.
  if (isOneOf(N,
              {"fgets", "fread", "fgetc", "getc", "getline", "getdelim",
               "fscanf", "__isoc99_fscanf", "__isoc23_fscanf", "_IO_getc"})) {
    unsigned StreamArg = N == "fgets"      ? 2
                         : N == "fread"    ? 3
                         : N == "getline"  ? 2
                         : N == "getdelim" ? 3
                                           : 0;
    if (std::optional<int64_t> S = Concrete(StreamArg);
        S && P.OwnUnkept.count(uint64_t(*S)))
      return Unkept("a stream over a channel of the program's own");
    return std::nullopt;
  }

  bool MakePipe = N == "pipe" || N == "pipe2";
  bool MakePair = N == "socketpair";
  bool Read = isOneOf(N, {"read", "recv", "recvmsg", "recvfrom", "readv"});
  bool Write = isOneOf(N, {"write", "send", "sendmsg", "sendto", "writev"});
  bool Close = N == "close";
  bool Dup = isOneOf(N, {"dup", "dup2", "dup3"});
  if (!MakePipe && !MakePair && !Read && !Write && !Close && !Dup)
    return std::nullopt;

  if (MakePipe || MakePair) {
    unsigned FdsArg = MakePair ? 3 : 0;
    if (CB.arg_size() <= FdsArg)
      return std::nullopt;
    bool NonBlocking = (N == "pipe2" && FlagsAt(1) & NonBlockFlag) ||
                       (MakePair && FlagsAt(1) & NonBlockFlag);
    uint64_t Fds = concretize(P, Arg(FdsArg), "pipe");
    int64_t A = P.NextChannelFd, B = A + 1;
    P.NextChannelFd += 2;
    ChannelEnd &EA = P.Channels[A], &EB = P.Channels[B];
    EA.NonBlocking = EB.NonBlocking = NonBlocking;
    // A pipe's end 0 reads what end 1 writes; a socket pair both ways.
    EB.Peer = A;
    EA.Writers = 1;
    if (MakePair) {
      EA.Peer = B;
      EB.Writers = 1;
    }
    P.ChannelFds[A] = A;
    P.ChannelFds[B] = B;
    store(P, Fds, Val::constant(32, A), I32);
    store(P, Fds + 4, Val::constant(32, B), I32);
    return Done(0);
  }

  std::optional<int64_t> Fd = Concrete(0);
  if (!Fd)
    return std::nullopt;
  if (P.OwnUnkept.count(uint64_t(*Fd)))
    return Read ? Unkept("a channel of the program's own") : std::nullopt;
  auto FdIt = P.ChannelFds.find(*Fd);
  if (FdIt == P.ChannelFds.end())
    return std::nullopt; // Not the program's own: an input as before.
  int64_t EndId = FdIt->second;
  ChannelEnd &End = P.Channels[EndId];

  if (Dup) {
    int64_t New = P.NextChannelFd++;
    if (N != "dup") {
      std::optional<int64_t> Want = Concrete(1);
      if (!Want)
        return std::nullopt;
      New = *Want;
    }
    P.ChannelFds[New] = EndId;
    ++End.Fds;
    return Done(New);
  }
  if (Close) {
    P.ChannelFds.erase(FdIt);
    if (--End.Fds == 0) {
      End.Closed = true;
      if (End.Peer >= 0)
        --P.Channels[End.Peer].Writers;
    }
    return Done(0);
  }
  if (N == "readv" || N == "writev")
    return Read ? Unkept("a pipe of the program's own") : std::nullopt;

  // The buffers: one for read/write/recv/send, a msghdr's iovecs for
  // recvmsg/sendmsg.
  std::vector<std::pair<uint64_t, uint64_t>> Bufs;
  if (N == "recvmsg" || N == "sendmsg") {
    Type *I64 = Type::getInt64Ty(CB.getContext());
    Type *Ptr = PointerType::get(CB.getContext(), 0);
    uint64_t Msg = concretize(P, Arg(1), "message");
    uint64_t Iov = concretize(P, load(P, Msg + 16, Ptr, ""), "iovec");
    uint64_t N = pinCount(P, load(P, Msg + 24, I64, ""), "iovec count");
    if (N > 16)
      throw Unsupported{"a message of more than 16 iovecs"};
    for (uint64_t I = 0; I < N; ++I)
      Bufs.push_back(
          {concretize(P, load(P, Iov + 16 * I, Ptr, ""), "iovec base"),
           pinCount(P, load(P, Iov + 16 * I + 8, I64, ""), "iovec length")});
  } else {
    if (CB.arg_size() < 3)
      return std::nullopt;
    Bufs.push_back(
        {concretize(P, Arg(1), Read ? "read buffer" : "write buffer"),
         pinCount(P, Arg(2), Read ? "read length" : "write length")});
  }
  uint64_t Count = 0;
  for (auto [B, L] : Bufs)
    Count += L;
  if (Count > MaxTransfer)
    throw Unsupported{"a transfer of more than 64 KiB on a pipe"};
  if (End.Closed)
    return Done(-1);

  if (Write) {
    if (End.Peer < 0 || P.Channels[End.Peer].Closed)
      return Done(-1); // EBADF on a read end; EPIPE with no reader.
    std::vector<Val> Bytes;
    for (auto [B, L] : Bufs)
      for (uint64_t I = 0; I < L; ++I)
        Bytes.push_back(load(P, B + I, I8, ""));
    ChannelEnd &To = P.Channels[End.Peer];
    To.Bytes.insert(To.Bytes.end(), Bytes.begin(), Bytes.end());
    return Done(int64_t(Count));
  }

  if (End.Bytes.empty() && Count > 0) {
    if (End.Writers == 0)
      return Done(0); // End of file.
    bool DontWait = (N == "recv" || N == "recvfrom") && CB.arg_size() > 3 &&
                    FlagsAt(3) & DontWaitFlag;
    if (End.NonBlocking || DontWait)
      return Done(-1); // EAGAIN.
    dead(P, "'" + N.str() + "'" + atLine(CB) +
                " waits for data no thread has written to the program's "
                "own pipe yet");
    return false;
  }
  uint64_t Got = 0;
  for (auto [B, L] : Bufs)
    for (uint64_t I = 0; I < L && !End.Bytes.empty(); ++I, ++Got) {
      P.Mem.set(B + I, End.Bytes.front());
      End.Bytes.pop_front();
    }
  return Done(int64_t(Got));
}

std::optional<bool> Replayer::eventCounter(Path &P, unsigned T,
                                           const CallBase &CB, StringRef N) {
  Frame &F = P.Threads[T].Stack.back();
  auto Arg = [&](unsigned I) { return eval(P, F, CB.getArgOperand(I)); };
  Type *I64 = Type::getInt64Ty(CB.getContext());
  auto Done = [&](int64_t R) { return finishWith(P, T, CB, R); };
  if (N == "eventfd") {
    Val Init = Arg(0), Flags = Arg(1);
    if (!Init.isConst() || !Flags.isConst())
      return std::nullopt;
    int64_t Fd = P.NextChannelFd++;
    uint64_t Fl = Flags.K->getZExtValue();
    P.Counters[Fd] = {Init.K->getZExtValue(), (Fl & NonBlockFlag) != 0,
                      (Fl & 1) != 0}; // EFD_SEMAPHORE
    return Done(Fd);
  }
  bool Wrapper = N == "eventfd_read" || N == "eventfd_write";
  bool Read = N == "read" || N == "eventfd_read";
  if (!Wrapper && N != "read" && N != "write" && N != "close")
    return std::nullopt;
  Val FdV = Arg(0);
  if (!FdV.isConst())
    return std::nullopt;
  auto It = P.Counters.find(FdV.K->getSExtValue());
  if (It == P.Counters.end())
    return std::nullopt;
  EventCounter &E = It->second;
  if (N == "close") {
    P.Counters.erase(It);
    return Done(0);
  }
  // read/write move one 8-byte count through a buffer; the wrappers take
  // the value itself (write) or where to put it (read).
  if (!Wrapper) {
    Val Len = Arg(2);
    if (!Len.isConst() || Len.K->getZExtValue() < 8)
      return Done(-1); // EINVAL.
  }
  if (!Read) {
    Val V = Wrapper ? Arg(1)
                    : load(P, concretize(P, Arg(1), "eventfd buffer"), I64, "");
    if (!V.isConst())
      throw Unsupported{"an eventfd count that depends on inputs"};
    E.Count += V.K->getZExtValue();
    return Done(Wrapper ? 0 : 8);
  }
  if (E.Count == 0) {
    if (E.NonBlocking)
      return Done(-1); // EAGAIN.
    dead(P, "'" + N.str() + "'" + atLine(CB) +
                " waits for a count no thread has added to the program's "
                "own eventfd yet");
    return false;
  }
  uint64_t Got = E.Semaphore ? 1 : E.Count;
  E.Count -= Got;
  store(P, concretize(P, Arg(1), "eventfd buffer"), Val::constant(64, Got),
        I64);
  return Done(Wrapper ? 0 : 8);
}

} // namespace validate
} // namespace racesift
