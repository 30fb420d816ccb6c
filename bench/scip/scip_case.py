"""One case of the solitaire army proofs asked of SCIP (bench/hex7.ts --second scip).

usage: python3 scip_case.py CASE.lp SECONDS

Reads the case's CPLEX LP text (written by programLp: integer data, in decimal), solves it with
SCIP through PySCIPOpt (pip install pyscipopt: its wheel ships SCIP) on one thread within SECONDS
of the clock, and prints one line: "STATUS <SCIP's status> NODES <n> VERSION <SCIP's version>".
A third code base beside HiGHS and CBC (its own presolve, propagation, conflict analysis, cuts).
"""
import sys

import pyscipopt


def main() -> None:
    path, seconds = sys.argv[1], float(sys.argv[2])
    model = pyscipopt.Model()
    model.hideOutput(True)
    model.readProblem(path)
    model.setParam("limits/time", seconds)
    model.setParam("timing/clocktype", 2)  # the wall clock, as CBC's -timeMode elapsed
    model.setParam("parallel/maxnthreads", 1)
    model.optimize()
    print(f"STATUS {model.getStatus()} NODES {model.getNNodes()} VERSION {model.version()}")


if __name__ == "__main__":
    main()
