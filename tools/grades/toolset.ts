import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Grades: GPA, CGPA, weighted and test grades, final exam needed, curves, Dutch exam grades (CvTE)',
});
