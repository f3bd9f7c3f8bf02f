import { z } from 'zod';

/** reference §8.6: one pair of an uploaded zip. */
export const uploadedCaseFileVO = z.object({
  input: z.string(),
  output: z.string(),
  groupNum: z.number().int().optional(),
});

/** reference §3.11 `POST /api/file/upload-testcase-zip` */
export const uploadedZipData = z.object({
  fileList: z.array(uploadedCaseFileVO),
  /** the upload's id, sent back as `uploadTestcaseDir` when the problem is saved */
  fileListDir: z.string(),
});
export type UploadedZip = z.output<typeof uploadedZipData>;
