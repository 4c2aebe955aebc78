import { pyString } from "../../format/python.js";
import { python, repoName, sh, type LibrarySnippetGenerator } from "../generator.js";

/*
 * PaddleOCR 3 loads a single model by its name, through the class of its
 * task. The task shows in the model name (PP-OCRv5_server_det,
 * PP-LCNet_x1_0_doc_ori, ...), checked here from the most specific pattern.
 */
const MODULE_BY_NAME: [pattern: RegExp, className: string][] = [
  [/layout/i, "LayoutDetection"],
  [/table_cell/i, "TableCellsDetection"],
  [/table_cls/i, "TableClassification"],
  [/doc_ori/i, "DocImgOrientationClassification"],
  [/textline_ori/i, "TextLineOrientationClassification"],
  [/uvdoc/i, "TextImageUnwarping"],
  [/formula/i, "FormulaRecognition"],
  [/seal.*_det/i, "SealTextDetection"],
  [/_det$/i, "TextDetection"],
  [/_rec$/i, "TextRecognition"],
];

const INSTALL = sh(`# PaddleOCR runs on PaddlePaddle 3: see https://www.paddlepaddle.org.cn/en/install for GPU builds.
pip install -U paddlepaddle paddleocr`);

export const paddleOCR: LibrarySnippetGenerator = (model) => {
  const name = repoName(model);
  if (/paddleocr-vl/i.test(name)) {
    return [
      INSTALL,
      python(`from paddleocr import PaddleOCRVL

pipeline = PaddleOCRVL()
output = pipeline.predict("document.png")
for res in output:
    res.print()
    res.save_to_json(save_path="output")
    res.save_to_markdown(save_path="output")`),
    ];
  }
  const className = MODULE_BY_NAME.find(([pattern]) => pattern.test(name))?.[1];
  if (!className) {
    // Not a single-task model: the general OCR pipeline (detection and recognition).
    return [
      INSTALL,
      python(`from paddleocr import PaddleOCR

ocr = PaddleOCR(use_doc_orientation_classify=False, use_doc_unwarping=False, use_textline_orientation=False)
result = ocr.predict("image.png")
for res in result:
    res.print()
    res.save_to_img("output")
    res.save_to_json("output")`),
    ];
  }
  return [
    INSTALL,
    python(`from paddleocr import ${className}

model = ${className}(model_name=${pyString(name)})
output = model.predict(input="image.png", batch_size=1)
for res in output:
    res.print()
    res.save_to_img(save_path="./output/")
    res.save_to_json(save_path="./output/res.json")`),
  ];
};
