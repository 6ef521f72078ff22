"""Curation: graded transcripts -> a curated training set, and the labels that measure and calibrate the grader.

    curation.curate           grade every assistant turn, curate, summarise, write next steps
    curation.improve_checks   improve's checks, threshold and calibration gate (python -m loopwright.improve)
    curation.labelling        the label command's rows and file (python -m loopwright.label)

Pure python, no torch.
"""
