/**
 * What the leaderboard adds to the file system's scenario in its long-context category: a long
 * text appended to every file but the few whose last lines its questions ask about, and thirty
 * image files in every directory with no subdirectory.
 */

export const LONG_FILE_TEXT =
  "The company's financials for the year reflect a period of steady growth and consistent revenue generation, with both top-line and bottom-line figures showing improvement compared to the previous year. Total revenue increased at a modest pace, driven primarily by strong performance in the company’s core markets. Despite some fluctuations in demand, the business maintained healthy margins, with cost controls and efficiency measures helping to offset any increase in operational expenses. As a result, gross profit grew at a stable rate, keeping in line with management’s expectations. The company’s operating income saw an uptick, indicating that the firm was able to manage its administrative and selling expenses effectively, while also benefiting from a more streamlined supply chain. This contributed to a higher operating margin, suggesting that the company’s core operations were becoming more efficient and profitable. Net income also rose, bolstered by favorable tax conditions and reduced interest expenses due to a restructuring of long-term debt. The company managed to reduce its financial leverage, leading to an improvement in its interest coverage ratio. On the balance sheet, the company maintained a solid financial position, with total assets increasing year over year. The growth in assets was largely due to strategic investments in new technology and facilities, aimed at expanding production capacity and improving operational efficiency. Cash reserves remained robust, supported by positive cash flow from operations. The company also reduced its short-term liabilities, improving its liquidity ratios, and signaling a stronger ability to meet near-term obligations.Shareholders’ equity grew as a result of retained earnings, reflecting the company’s profitability and its strategy of reinvesting profits back into the business rather than paying out large dividends. The company maintained a conservative approach to debt, with its debt-to-equity ratio remaining within industry norms, which reassured investors about the company’s long-term solvency and risk management practices. The cash flow statement highlighted the company’s ability to generate cash from its core operations, which remained a strong indicator of the business's health. Cash from operating activities was sufficient to cover both investing and financing needs, allowing the company to continue its capital expenditure plans without increasing its reliance on external financing. The company’s investment activities included expanding its production facilities and acquiring new technology to improve future productivity and efficiency. Meanwhile, the company’s financing activities reflected a balanced approach, with some debt repayments and a modest issuance of new equity, allowing for flexible capital management.Overall, the company's financials indicate a well-managed business with a clear focus on sustainable growth. Profitability remains strong, operational efficiency is improving, and the company’s balance sheet reflects a stable, low-risk financial structure. The management’s strategy of cautious expansion, combined with a disciplined approach to debt and investment, has positioned the company well for future growth and profitability.";

/** Files whose tail a question reads, left as the scenario wrote them. */
export const FILES_KEPT_SHORT: readonly string[] = [
  'log.txt',
  'report.txt',
  'report.csv',
  'DataSet1.csv',
  'file1.txt',
  'finance_report.txt',
  'config.py',
  'Q4_summary.doc',
  'file3.txt',
];

export const LONG_CONTEXT_IMAGE_FILES: readonly string[] = [
  'image_344822349461074042.jpg',
  'image_8219547643081662353.jpg',
  'image_5421509146842474663.jpg',
  'image_185391401034246046.jpg',
  'image_6824007961180780019.jpg',
  'image_2994974694593273051.jpg',
  'image_2537728455072851196.jpg',
  'image_2164918946836800275.jpg',
  'image_1745133864906284051.jpg',
  'image_7707563551789432679.jpg',
  'image_8190489168166590809.jpg',
  'image_2385660725381355820.jpg',
  'image_4771211633166048374.jpg',
  'image_3443718094055823214.jpg',
  'image_6838087561356843690.jpg',
  'image_605952633285970710.jpg',
  'image_6341510244180179744.jpg',
  'image_4119241148692325954.jpg',
  'image_5651066601163181955.jpg',
  'image_3747091333751395055.jpg',
  'image_4623743619379194431.jpg',
  'image_5072742684386583099.jpg',
  'image_1978458056362464778.jpg',
  'image_3090346927968358019.jpg',
  'image_7193806748674265039.jpg',
  'image_7169516574395086720.jpg',
  'image_8618240224293913315.jpg',
  'image_5514683852355062444.jpg',
  'image_8749630317332649147.jpg',
  'image_1912245706439755759.jpg',
];
