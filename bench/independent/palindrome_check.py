"""
An independent check of `npm run bench:palindrome`, written without any of the project's code (its
own move rules, its own breadth-first search over every board): for a corner army on an n x n board,
L = the shortest transfer to the army's mirror image across the line x = y, and P = the shortest
palindromic one (boards A_0..A_L with A_{L-i} = R(A_i)): P = min over boards X of 2 d(X) where
R(X) = X, or 2 d(X) + 1 where R(X) is one move from X (d: moves from the start).

    python3 bench/independent/palindrome_check.py 4:8:3+1 5:4:3+1+1 4:6:3+1

Each argument is size:rules:army, rules one of 4, 6 (the diagonal (+1,-1)), 6m (the main diagonal),
8, with a trailing j for jumps only; the army by its rows from the a1 corner. Prints (L, P, boards).
Only for small state spaces (every board reachable is held in memory).
"""
import sys
from collections import deque
def dirs(rules):
    orth=[(1,0),(-1,0),(0,1),(0,-1)]
    if rules.startswith('4'): return orth
    if rules.startswith('6m'): return orth+[(1,1),(-1,-1)]
    if rules.startswith('6'): return orth+[(1,-1),(-1,1)]
    return orth+[(1,1),(-1,-1),(1,-1),(-1,1)]
def moves(board,n,D,jumps_only):
    occ=set(board)
    out=set()
    for m in board:
        rest=occ-{m}
        if not jumps_only:
            for dx,dy in D:
                t=(m[0]+dx,m[1]+dy)
                if 0<=t[0]<n and 0<=t[1]<n and t not in rest: out.add(frozenset(rest|{t}))
        seen={m}; q=[m]
        while q:
            c=q.pop()
            for dx,dy in D:
                o=(c[0]+dx,c[1]+dy); t=(c[0]+2*dx,c[1]+2*dy)
                if 0<=t[0]<n and 0<=t[1]<n and o in rest and t not in rest and t not in seen:
                    seen.add(t); q.append(t); out.add(frozenset(rest|{t}))
    out.discard(frozenset(board))
    return out
def run(n,rules,rows):
    D=dirs(rules); jo=rules.endswith('j')
    S=frozenset((i,j) for j,r in enumerate(rows) for i in range(r))
    R=lambda b: frozenset((n-1-y,n-1-x) for x,y in b)
    T=R(S)
    dist={S:0}; q=deque([S])
    while q:
        b=q.popleft()
        for c in moves(b,n,D,jo):
            if c not in dist: dist[c]=dist[b]+1; q.append(c)
    L=dist.get(T)
    P=None
    for X,d in dist.items():
        RX=R(X)
        if RX==X: c=2*d
        elif RX in moves(X,n,D,jo): c=2*d+1
        else: continue
        if P is None or c<P: P=c
    return L,P,len(dist)
for spec in sys.argv[1:]:
    n,rules,army=spec.split(':')
    print(spec, run(int(n),rules,[int(x) for x in army.split('+')]))
