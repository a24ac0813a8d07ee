import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'School grades: GPA and CGPA, weighted course grade, score needed on the final exam, test percentage and letter grade, grade curves, Dutch exam grades (CvTE N-term)',
});
