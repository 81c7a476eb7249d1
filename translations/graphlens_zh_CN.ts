<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ConvertedCode</name>
    <message>
        <location filename="../app/gui/converted_code.cpp" line="51"/>
        <source>the script does not parse (%1)</source>
        <translation>脚本无法解析（%1）</translation>
    </message>
    <message>
        <location filename="../app/gui/converted_code.cpp" line="56"/>
        <source>no function at line %1</source>
        <translation>第 %1 行没有函数</translation>
    </message>
    <message>
        <location filename="../app/gui/converted_code.cpp" line="62"/>
        <source>%1 cannot be converted: %2: %3</source>
        <translation>%1 无法转换：%2：%3</translation>
    </message>
</context>
<context>
    <name>GraphStyle</name>
    <message>
        <location filename="../views/graph_style.cpp" line="88"/>
        <source>constant</source>
        <translation>常量</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="90"/>
        <source>variable</source>
        <translation>变量</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="92"/>
        <source>math</source>
        <translation>数学</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="94"/>
        <source>neural network</source>
        <translation>神经网络</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="96"/>
        <source>array</source>
        <translation>数组</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="98"/>
        <source>control flow</source>
        <translation>控制流</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="100"/>
        <source>function call</source>
        <translation>函数调用</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="102"/>
        <source>input/output</source>
        <translation>输入/输出</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="104"/>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="106"/>
        <source>summary/debug</source>
        <translation>摘要/调试</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="110"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/graph_style.cpp" line="116"/>
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/graph_style.cpp" line="122"/>
        <source>%n scope(s)</source>
        <translation>
            <numerusform>%n 个作用域</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/graph_canvas.cpp" line="321"/>
        <source>%n tensors</source>
        <translation>
            <numerusform>%n 个张量</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobRunner</name>
    <message>
        <location filename="../views/job_runner.h" line="112"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../views/job_runner.h" line="122"/>
        <source>Unknown error</source>
        <translation>未知错误</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../views/graph_export.cpp" line="31"/>
        <location filename="../views/graph_export.cpp" line="48"/>
        <source>There is nothing to export.</source>
        <translation>没有可导出的内容。</translation>
    </message>
    <message>
        <location filename="../views/graph_export.cpp" line="39"/>
        <location filename="../views/graph_export.cpp" line="43"/>
        <location filename="../views/graph_export.cpp" line="63"/>
        <location filename="../views/graph_export.cpp" line="105"/>
        <location filename="../views/graph_export.cpp" line="108"/>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <location filename="../views/graph_export.cpp" line="56"/>
        <source>Not enough memory for a %1×%2 image.</source>
        <translation>内存不足，无法创建 %1×%2 的图像。</translation>
    </message>
</context>
<context>
    <name>graphlens::app::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="71"/>
        <source>GraphLens</source>
        <translation>GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="84"/>
        <source>Graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="113"/>
        <source>Open a TensorFlow model: File ▸ Open, or drop a file or folder on the window.</source>
        <translation>打开 TensorFlow 模型：文件 ▸ 打开，或将文件或文件夹拖放到窗口上。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="167"/>
        <source>Layout failed: %1</source>
        <translation>布局失败：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="131"/>
        <source>The script finished.</source>
        <translation>脚本已运行完毕。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="131"/>
        <source>The script stopped with an error or was stopped.</source>
        <translation>脚本因错误停止或已被停止。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="134"/>
        <source>Loading %1: %2 (%3%)</source>
        <translation>正在加载 %1：%2（%3%）</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="194"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="196"/>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="197"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="218"/>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="219"/>
        <source>Retrace log</source>
        <translation>重追踪日志</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="220"/>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="245"/>
        <source>Opened %1. Run it with F5.</source>
        <translation>已打开 %1。按 F5 运行。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="250"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="251"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="253"/>
        <source>Open a TensorFlow model</source>
        <translation>打开 TensorFlow 模型</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="254"/>
        <source>TensorFlow files (*.pb *.pbtxt *.meta *.index *tfevents* saved_model.pb);;All files (*)</source>
        <translation>TensorFlow 文件 (*.pb *.pbtxt *.meta *.index *tfevents* saved_model.pb);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="257"/>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="258"/>
        <source>Open a SavedModel folder</source>
        <translation>打开 SavedModel 文件夹</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="261"/>
        <source>Open S&amp;cript…</source>
        <translation>打开脚本(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="262"/>
        <source>Open a Python script</source>
        <translation>打开 Python 脚本</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="263"/>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python 脚本 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="267"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="270"/>
        <source>&amp;Export View…</source>
        <translation>导出视图(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="271"/>
        <source>Export &amp;Whole Graph…</source>
        <translation>导出整个图(&amp;W)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="274"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="278"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="279"/>
        <source>&amp;Fit to Window</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="281"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="282"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="283"/>
        <source>Actual &amp;Size</source>
        <translation>实际大小(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="286"/>
        <source>&amp;Minimap</source>
        <translation>小地图(&amp;M)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="294"/>
        <source>&amp;Collapse All</source>
        <translation>全部折叠(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="295"/>
        <source>&amp;Back to Main Graph</source>
        <translation>返回主图(&amp;B)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="297"/>
        <source>Fi&amp;nd Node…</source>
        <translation>查找节点(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="302"/>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="305"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="310"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="313"/>
        <source>Main graph</source>
        <translation>主图</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="315"/>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="316"/>
        <source>Zoom +</source>
        <translation>放大</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="317"/>
        <source>Zoom −</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="318"/>
        <source>Collapse all</source>
        <translation>全部折叠</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="321"/>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="326"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="330"/>
        <source>&amp;Optimize Graph…</source>
        <translation>优化计算图(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="334"/>
        <source>Run grappler&apos;s passes on the graph shown and compare it before and after each pass</source>
        <translation>对当前显示的计算图运行 grappler 的优化遍，并比较每个优化遍前后的计算图</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="352"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="353"/>
        <source>&amp;About GraphLens</source>
        <translation>关于 GraphLens(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="354"/>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="363"/>
        <source>The graph of this trace is no longer kept (only the most recent ones are).</source>
        <translation>此次追踪的计算图已不再保留（只保留最近的几次）。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="382"/>
        <source>%1%2 · trace #%3</source>
        <translation>%1%2 · 第 %3 次追踪</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="395"/>
        <source>Open a model or a traced graph first: the passes run on the graph shown.</source>
        <translation>请先打开模型或追踪得到的计算图：优化遍作用于当前显示的计算图。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="403"/>
        <source>Optimization failed: %1</source>
        <translation>优化失败：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="408"/>
        <source>Optimized %1: %2 passes in %3 ms</source>
        <translation>已优化 %1：%2 个优化遍，用时 %3 毫秒</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/main_window.cpp" line="414"/>
        <source>profiled: %1 ms of kernel time per run over %n runs</source>
        <translation>
            <numerusform>性能分析：共运行 %n 次，每次运行的内核时间为 %1 毫秒</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="419"/>
        <source>Before / after · %1</source>
        <translation>优化前 / 优化后 · %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="437"/>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="439"/>
        <source>Loading %1</source>
        <translation>正在加载 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="444"/>
        <source>Loaded %1</source>
        <translation>已加载 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="449"/>
        <source>Loading %1 cancelled</source>
        <translation>已取消加载 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="507"/>
        <source>%1 — GraphLens</source>
        <translation>%1 — GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="518"/>
        <source> · %1 nodes · %2 functions · %3 signatures · %4 variables</source>
        <translation> · %1 个节点 · %2 个函数 · %3 个签名 · %4 个变量</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="530"/>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="556"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="559"/>
        <source>Clear List</source>
        <translation>清除列表</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="569"/>
        <source>Nothing to export yet.</source>
        <translation>暂无可导出的内容。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="574"/>
        <source>Export the whole graph</source>
        <translation>导出整个图</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="574"/>
        <source>Export the view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="575"/>
        <source>SVG image (*.svg);;PNG image (*.png);;Graphviz DOT (*.dot)</source>
        <translation>SVG 图像 (*.svg);;PNG 图像 (*.png);;Graphviz DOT (*.dot)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="587"/>
        <source>Exporting the whole graph</source>
        <translation>正在导出整个图</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="593"/>
        <location filename="../app/gui/main_window.cpp" line="610"/>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="594"/>
        <location filename="../app/gui/main_window.cpp" line="598"/>
        <location filename="../app/gui/main_window.cpp" line="611"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="599"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="649"/>
        <source>About GraphLens</source>
        <translation>关于 GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="650"/>
        <source>&lt;h3&gt;GraphLens %1&lt;/h3&gt;&lt;p&gt;A native inspector for TensorFlow models: SavedModels, GraphDefs, meta graphs, checkpoints and event files.&lt;/p&gt;&lt;p&gt;Name scopes and function calls expand in place; layout runs in the background and is cached per group.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;GraphLens %1&lt;/h3&gt;&lt;p&gt;TensorFlow 模型的原生检查器：支持 SavedModel、GraphDef、元图、检查点和事件文件。&lt;/p&gt;&lt;p&gt;名称作用域和函数调用可就地展开；布局在后台运行，并按分组缓存。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>graphlens::app::ScriptSession</name>
    <message>
        <location filename="../app/gui/script_session.cpp" line="40"/>
        <source>What the script prints appears here. Run it with F5.</source>
        <translation>脚本打印的内容显示在这里。按 F5 运行。</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="47"/>
        <source>Restore unsaved edits?</source>
        <translation>恢复未保存的编辑？</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="48"/>
        <source>%1 has unsaved edits from an earlier session.</source>
        <translation>%1 有上次会话中未保存的编辑。</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="50"/>
        <source>Restore them from %1?</source>
        <translation>从 %1 恢复这些编辑？</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="77"/>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="89"/>
        <source>Unsaved script</source>
        <translation>脚本未保存</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="89"/>
        <source>Save the changes to %1?</source>
        <translation>保存对 %1 的更改？</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="107"/>
        <source>Running %1</source>
        <translation>正在运行 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="117"/>
        <source>
Stopped.
</source>
        <translation>
已停止。
</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="117"/>
        <source>
The script could not run: %1
</source>
        <translation>
脚本无法运行：%1
</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="145"/>
        <source>
Finished in %1 s.
</source>
        <translation>
运行完毕，用时 %1 秒。
</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="146"/>
        <source>
Exited with status %1 after %2 s.
</source>
        <translation>
%2 秒后退出，退出状态为 %1。
</translation>
    </message>
</context>
<context>
    <name>graphlens::app::WarningBar</name>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="21"/>
        <source>Details…</source>
        <translation>详情…</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="26"/>
        <source>Dismiss</source>
        <translation>忽略</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="35"/>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="52"/>
        <source>%1 was read in part: %2</source>
        <translation>%1 仅部分读取：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="53"/>
        <source>%1 was read in part (%2 warnings): %3</source>
        <translation>%1 仅部分读取（%2 条警告）：%3</translation>
    </message>
</context>
<context>
    <name>graphlens::views::AttributeModel</name>
    <message>
        <location filename="../views/attribute_model.cpp" line="92"/>
        <source>Open function %1</source>
        <translation>打开函数 %1</translation>
    </message>
    <message>
        <location filename="../views/attribute_model.cpp" line="114"/>
        <source>Attribute</source>
        <translation>属性</translation>
    </message>
    <message>
        <location filename="../views/attribute_model.cpp" line="114"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>graphlens::views::CodeView</name>
    <message>
        <location filename="../views/code_view.cpp" line="56"/>
        <source>The AutoGraph-converted code of the function under the cursor appears here.</source>
        <translation>光标所在函数经 AutoGraph 转换后的代码显示在这里。</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="58"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="60"/>
        <source>Run the script (F5)</source>
        <translation>运行脚本 (F5)</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="61"/>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="63"/>
        <source>Stop the running script (Shift+F5)</source>
        <translation>停止正在运行的脚本 (Shift+F5)</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="64"/>
        <source>&amp;Save Script</source>
        <translation>保存脚本(&amp;S)</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="123"/>
        <source>AutoGraph</source>
        <translation>AutoGraph</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="198"/>
        <source>Save the script</source>
        <translation>保存脚本</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="199"/>
        <source>Python scripts (*.py)</source>
        <translation>Python 脚本 (*.py)</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="257"/>
        <source>Converting</source>
        <translation>正在转换</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="279"/>
        <source>AutoGraph: %1</source>
        <translation>AutoGraph：%1</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="280"/>
        <source>AutoGraph: no function at the cursor</source>
        <translation>AutoGraph：光标处没有函数</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="283"/>
        <source>AutoGraph: &lt;b&gt;%1&lt;/b&gt; as converted</source>
        <translation>AutoGraph：转换后的 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="333"/>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
</context>
<context>
    <name>graphlens::views::FusionMissModel</name>
    <message>
        <location filename="../views/pass_models.cpp" line="248"/>
        <source>%1 did not fuse (%2): %3
Nodes: %4</source>
        <translation>%1 未融合（%2）：%3
节点：%4</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="252"/>
        <source>Estimated cost: %1 ms per run, the kernel time of the nodes the fusion would have folded in</source>
        <translation>估计开销：每次运行 %1 毫秒，即融合本会并入的各节点的内核时间</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="256"/>
        <source>Not profiled (renamed or removed by a later pass, or not run): %1</source>
        <translation>未经性能分析（被后续优化遍重命名或删除，或未运行）：%1</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="265"/>
        <source>An estimate, once the optimised graph has been profiled: the kernel time per run of the nodes the fusion would have folded in (empty when not profiled or unknown)</source>
        <translation>估计值，在优化后的计算图经过性能分析后给出：融合本会并入的各节点每次运行的内核时间（未经性能分析或未知时为空）</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="270"/>
        <source>Pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="272"/>
        <source>Cost (ms/run)</source>
        <translation>开销（毫秒/次）</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="274"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="276"/>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="278"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>graphlens::views::GraphPanel</name>
    <message>
        <location filename="../views/graph_panel.cpp" line="35"/>
        <source>Signature:</source>
        <translation>签名：</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="38"/>
        <source>Show only what a SignatureDef&apos;s outputs depend on</source>
        <translation>仅显示 SignatureDef 的输出所依赖的部分</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="67"/>
        <source>%1 items · %2 edges</source>
        <translation>%1 项 · %2 条边</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="69"/>
        <source> · %1 nodes outside the signature hidden</source>
        <translation> · 已隐藏签名之外的 %1 个节点</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="82"/>
        <source>(whole graph)</source>
        <translation>（整个图）</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="103"/>
        <source>No model</source>
        <translation>无模型</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="117"/>
        <source>Main graph</source>
        <translation>主图</translation>
    </message>
</context>
<context>
    <name>graphlens::views::GraphView</name>
    <message>
        <location filename="../views/graph_view.cpp" line="64"/>
        <location filename="../views/graph_view.cpp" line="103"/>
        <source>Open a TensorFlow model: File ▸ Open, or drop a file or folder here.</source>
        <translation>打开 TensorFlow 模型：文件 ▸ 打开，或将文件或文件夹拖放到此处。</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="68"/>
        <source>Laying out… %1% (%2)</source>
        <translation>正在布局… %1%（%2）</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="102"/>
        <source>This file holds no graph.</source>
        <translation>此文件不包含图。</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="254"/>
        <source>Laying out the graph</source>
        <translation>正在对图进行布局</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="587"/>
        <source>Collapse</source>
        <translation>折叠</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="587"/>
        <source>Expand in place</source>
        <translation>就地展开</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="589"/>
        <source>Cannot expand: %1</source>
        <translation>无法展开：%1</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="594"/>
        <source>Open function %1</source>
        <translation>打开函数 %1</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="599"/>
        <source>Copy name</source>
        <translation>复制名称</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="603"/>
        <source>Fit to window</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="604"/>
        <source>Collapse all</source>
        <translation>全部折叠</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="605"/>
        <source>Back to the main graph</source>
        <translation>返回主图</translation>
    </message>
</context>
<context>
    <name>graphlens::views::JobProgressWidget</name>
    <message>
        <location filename="../views/job_progress_widget.cpp" line="21"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>graphlens::views::JobRunner</name>
    <message>
        <location filename="../views/job_runner.cpp" line="79"/>
        <source>GraphLens could not read this file.</source>
        <translation>GraphLens 无法读取此文件。</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="83"/>
        <source>The file is truncated: it ends before what it declares.</source>
        <translation>文件已被截断：在其声明的内容结束之前就已结束。</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="86"/>
        <source>The file is damaged: its contents do not parse.</source>
        <translation>文件已损坏：其内容无法解析。</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="89"/>
        <source>This is not a file GraphLens reads (a SavedModel, GraphDef, MetaGraphDef, event file, checkpoint or Keras file).</source>
        <translation>这不是 GraphLens 能读取的文件（SavedModel、GraphDef、MetaGraphDef、事件文件、检查点或 Keras 文件）。</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="93"/>
        <source>No such file or folder.</source>
        <translation>没有这个文件或文件夹。</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="96"/>
        <source>The file cannot be opened or read.</source>
        <translation>无法打开或读取此文件。</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="99"/>
        <source>This variant of the format is not supported yet.</source>
        <translation>暂不支持该格式的这一变体。</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="103"/>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="104"/>
        <source>Where: %1</source>
        <translation>位置：%1</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="105"/>
        <source>Reader&apos;s message: %1</source>
        <translation>读取器的原文信息：%1</translation>
    </message>
</context>
<context>
    <name>graphlens::views::Minimap</name>
    <message>
        <location filename="../views/minimap.cpp" line="18"/>
        <source>Overview: click or drag to move the view</source>
        <translation>概览：单击或拖动以移动视图</translation>
    </message>
</context>
<context>
    <name>graphlens::views::ModelBrowserModel</name>
    <message>
        <location filename="../views/model_browser_model.cpp" line="33"/>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="69"/>
        <source>Meta graph %1</source>
        <translation>元图 %1</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="70"/>
        <source>no tags</source>
        <translation>无标签</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="71"/>
        <location filename="../views/model_browser_model.cpp" line="145"/>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="80"/>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="81"/>
        <source>%1 tensors</source>
        <translation>%1 个张量</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="107"/>
        <source>Signatures</source>
        <translation>签名</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="114"/>
        <source>%1 in, %2 out</source>
        <translation>%1 个输入，%2 个输出</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="116"/>
        <source>Double-click to show only what this signature computes</source>
        <translation>双击以仅显示此签名所计算的部分</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="135"/>
        <source>Functions</source>
        <translation>函数</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="142"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="148"/>
        <source>%1 call sites in the graph, %2 callers, nesting depth %3%4</source>
        <translation>图中有 %1 个调用点，%2 个调用者，嵌套深度 %3%4</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="152"/>
        <source>, recursive</source>
        <translation>，递归</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="156"/>
        <source>Variables</source>
        <translation>变量</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="169"/>
        <source>trainable</source>
        <translation>可训练</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="169"/>
        <source>not trainable</source>
        <translation>不可训练</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="170"/>
        <source>; checkpoint key %1</source>
        <translation>；检查点键 %1</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="176"/>
        <source>Assets</source>
        <translation>资源文件</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="183"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="263"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="265"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="267"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
</context>
<context>
    <name>graphlens::views::NodeInspector</name>
    <message>
        <location filename="../views/node_inspector.cpp" line="95"/>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="95"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="95"/>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="95"/>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="139"/>
        <source>&lt;span style=&apos;color:#606f7a&apos;&gt;Select a node in the graph to inspect it.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#606f7a&apos;&gt;在图中选择一个节点以查看其详情。&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="161"/>
        <source>Series</source>
        <translation>序列</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="161"/>
        <source>Name scope</source>
        <translation>名称作用域</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="162"/>
        <source>Function body</source>
        <translation>函数体</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="182"/>
        <source>main graph</source>
        <translation>主图</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="183"/>
        <source>function %1</source>
        <translation>函数 %1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="191"/>
        <source>in %1</source>
        <translation>位于%1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="192"/>
        <source> · device %1</source>
        <translation> · 设备 %1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="195"/>
        <source>Calls:</source>
        <translation>调用：</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="211"/>
        <source>Inputs (%1)</source>
        <translation>输入（%1）</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="221"/>
        <source> (missing)</source>
        <translation>（缺失）</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="222"/>
        <source>(missing)</source>
        <translation>（缺失）</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="235"/>
        <source>^control</source>
        <translation>^control</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="249"/>
        <source>Outputs (%1)</source>
        <translation>输出（%1）</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="258"/>
        <source>(unused)</source>
        <translation>（未使用）</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="259"/>
        <source> +%1 more</source>
        <translation>，另有 %1 个</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="290"/>
        <source>values not available</source>
        <translation>值不可用</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="296"/>
        <source> · min %1 · max %2</source>
        <translation> · 最小值 %1 · 最大值 %2</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="307"/>
        <source>Value: %1 %2</source>
        <translation>值：%1 %2</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="309"/>
        <source>Reading the value…</source>
        <translation>正在读取值…</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="312"/>
        <source>Reading a constant</source>
        <translation>正在读取常量</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="319"/>
        <source>Cannot read the value: %1</source>
        <translation>无法读取值：%1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="326"/>
        <source>Variable %1: %2, %3</source>
        <translation>变量 %1：%2，%3</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="329"/>
        <source> — no checkpoint with this variable was loaded</source>
        <translation> — 未加载包含此变量的检查点</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="332"/>
        <source>Reading %1 from the checkpoint…</source>
        <translation>正在从检查点读取 %1…</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="335"/>
        <source>Reading a variable</source>
        <translation>正在读取变量</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="341"/>
        <source>Cannot read the variable: %1</source>
        <translation>无法读取变量：%1</translation>
    </message>
</context>
<context>
    <name>graphlens::views::PassChangesModel</name>
    <message>
        <location filename="../views/pass_models.cpp" line="345"/>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="347"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="349"/>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="351"/>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="353"/>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>graphlens::views::PassStripModel</name>
    <message>
        <location filename="../views/pass_models.cpp" line="110"/>
        <source>before the passes</source>
        <translation>优化前</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/pass_models.cpp" line="143"/>
        <source>The graph as given to the passes: %n nodes</source>
        <translation>
            <numerusform>交给优化遍的计算图：%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="144"/>
        <source>%1, iteration %2: %3 → %4 nodes in %5 ms</source>
        <translation>%1，第 %2 轮：%3 → %4 个节点，用时 %5 毫秒</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="150"/>
        <source>The graph did not change.</source>
        <translation>计算图没有变化。</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="162"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="164"/>
        <source>Iter.</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="166"/>
        <source>Pass</source>
        <translation>优化遍</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="168"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="170"/>
        <source>Added</source>
        <translation>新增</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="172"/>
        <source>Removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="174"/>
        <source>Rewritten</source>
        <translation>改写</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="176"/>
        <source>Fused</source>
        <translation>融合</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="178"/>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="184"/>
        <source>grappler runs the passes twice; layout and memory only in the first iteration</source>
        <translation>grappler 将各优化遍运行两轮；layout 和 memory 优化器只在第一轮运行</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="394"/>
        <source>iteration %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="395"/>
        <source>iterations %1–%2</source>
        <translation>第 %1–%2 轮</translation>
    </message>
</context>
<context>
    <name>graphlens::views::PassView</name>
    <message>
        <location filename="../views/pass_view.cpp" line="80"/>
        <source>Sync viewports</source>
        <translation>同步视口</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="120"/>
        <source>Previous pass ([)</source>
        <translation>上一个优化遍 ([)</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="122"/>
        <source>Next pass (])</source>
        <translation>下一个优化遍 (])</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="125"/>
        <source>Compare with the graph before the passes</source>
        <translation>与优化前的计算图比较</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="126"/>
        <source>Compare with the graph before this pass</source>
        <translation>与此优化遍之前的计算图比较</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="131"/>
        <source>Pan and zoom one graph, the other follows (nodes matched by name)</source>
        <translation>平移或缩放一个计算图时另一个随之移动（按名称匹配节点）</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="133"/>
        <source>Profile runs:</source>
        <translation>性能分析运行次数：</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="136"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="137"/>
        <source>After the passes, run the optimised graph this many times (after one warm-up run) with pseudo-random inputs and give each fusion miss its estimated cost; 0 = off</source>
        <translation>优化遍完成后，以伪随机输入将优化后的计算图运行此次数（之前先预热运行一次），并为每个融合未命中估计开销；0 = 关闭</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="145"/>
        <source>Optimize again</source>
        <translation>重新优化</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="146"/>
        <source>Run the passes on the same graph again, profiled when Profile runs is above 0</source>
        <translation>对同一计算图再次运行各优化遍；“性能分析运行次数”大于 0 时同时进行性能分析</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="156"/>
        <source>Save report…</source>
        <translation>保存报告…</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="157"/>
        <source>The report as JSON, as graphlens-cli optimize writes it</source>
        <translation>以 JSON 格式保存报告，与 graphlens-cli optimize 的输出相同</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="170"/>
        <source>Fusion misses</source>
        <translation>融合未命中</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="171"/>
        <source>Changes</source>
        <translation>变更</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="172"/>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="186"/>
        <source>Run ▸ Optimize Graph runs the passes on the graph shown.</source>
        <translation>运行 ▸ 优化计算图：对当前显示的计算图运行各优化遍。</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="223"/>
        <source>Save the optimisation report</source>
        <translation>保存优化报告</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="224"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="229"/>
        <source>Save failed</source>
        <translation>保存失败</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="229"/>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="248"/>
        <source>Optimizing… %1% (%2)</source>
        <translation>正在优化… %1%（%2）</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="257"/>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="268"/>
        <source>The optimisation was cancelled.</source>
        <translation>优化已取消。</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="269"/>
        <source>The optimisation failed: %1</source>
        <translation>优化失败：%1</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="281"/>
        <source>Optimizing %1</source>
        <translation>正在优化 %1</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="281"/>
        <source>Optimizing and profiling %1</source>
        <translation>正在优化 %1 并进行性能分析</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/pass_view.cpp" line="325"/>
        <source>Fusion misses (%1, costs from %n profiled runs)</source>
        <translation>
            <numerusform>融合未命中（%1，开销来自 %n 次性能分析运行）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="326"/>
        <source>Fusion misses (%1)</source>
        <translation>融合未命中（%1）</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="329"/>
        <source>Notes (%1)</source>
        <translation>说明（%1）</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="407"/>
        <source>Changes (%1)</source>
        <translation>变更（%1）</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="420"/>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="421"/>
        <source>removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="422"/>
        <source>rewritten</source>
        <translation>改写</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="423"/>
        <source>fused</source>
        <translation>融合</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="425"/>
        <source>Outlines: green added, red (dashed) removed, amber rewritten, purple fused; a collapsed group counts the changes inside it</source>
        <translation>轮廓：绿色为新增，红色（虚线）为删除，琥珀色为改写，紫色为融合；折叠的分组统计其内部的变更</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="431"/>
        <source>&lt;b&gt;Before&lt;/b&gt;</source>
        <translation>&lt;b&gt;优化前&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="432"/>
        <source>&lt;b&gt;After&lt;/b&gt;</source>
        <translation>&lt;b&gt;优化后&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/pass_view.cpp" line="437"/>
        <source>the graph before the passes · %n nodes</source>
        <translation>
            <numerusform>优化前的计算图 · %n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/pass_view.cpp" line="438"/>
        <source>after &lt;b&gt;%1&lt;/b&gt; (iteration %2, step %3) · %n nodes</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; 之后（第 %2 轮，第 %3 步）· %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="444"/>
        <source>&lt;b&gt;Before:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;优化前：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="445"/>
        <source>&lt;b&gt;After:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;优化后：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="534"/>
        <source>Neither graph holds %1.</source>
        <translation>两个计算图中都没有 %1。</translation>
    </message>
</context>
<context>
    <name>graphlens::views::RetraceLogModel</name>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="209"/>
        <source>%1 trace</source>
        <translation>%1 次追踪</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="209"/>
        <source>%1 traces</source>
        <translation>%1 次追踪</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="211"/>
        <source>%1 concrete function</source>
        <translation>%1 个具体函数</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="212"/>
        <source>%1 concrete functions</source>
        <translation>%1 个具体函数</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="132"/>
        <source>retrace warning</source>
        <translation>重追踪警告</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="166"/>
        <source>Trace #%1 by get_concrete_function</source>
        <translation>第 %1 次追踪，由 get_concrete_function 触发</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="167"/>
        <source>Trace #%1 at call %2</source>
        <translation>第 %1 次追踪，发生在第 %2 次调用</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="216"/>
        <source>%1 identical retrace collapsed</source>
        <translation>已折叠 %1 次相同的重追踪</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="217"/>
        <source>%1 identical retraces collapsed</source>
        <translation>已折叠 %1 次相同的重追踪</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="234"/>
        <source>Stands for %1 identical retrace</source>
        <translation>代表 %1 次相同的重追踪</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="235"/>
        <source>Stands for %1 identical retraces</source>
        <translation>代表 %1 次相同的重追踪</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="297"/>
        <source>Function / signature</source>
        <translation>函数 / 签名</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="299"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="301"/>
        <source>Trace ms</source>
        <translation>追踪用时（毫秒）</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="303"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="305"/>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="307"/>
        <source>Ops</source>
        <translation>算子</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/retrace_log_model.cpp" line="347"/>
        <source>%n collapsed</source>
        <translation>
            <numerusform>已合并 %n 次</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>graphlens::views::RetraceLogView</name>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="95"/>
        <source>Select a function, a concrete function or a trace.</source>
        <translation>请选择一个函数、具体函数或一次追踪。</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="136"/>
        <source>No tf.function was traced. Run a script that calls a @tf.function to fill the retrace log.</source>
        <translation>没有 tf.function 被追踪。运行一个调用 @tf.function 的脚本以生成重追踪日志。</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="156"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="189"/>
        <source>Defined at %1</source>
        <translation>定义于 %1</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="190"/>
        <location filename="../views/retrace_log_view.cpp" line="215"/>
        <source>%1 call</source>
        <translation>%1 次调用</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="190"/>
        <location filename="../views/retrace_log_view.cpp" line="215"/>
        <source>%1 calls</source>
        <translation>%1 次调用</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="191"/>
        <source>%1 trace</source>
        <translation>%1 次追踪</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="191"/>
        <source>%1 traces</source>
        <translation>%1 次追踪</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="193"/>
        <source>%1 concrete function</source>
        <translation>%1 个具体函数</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="194"/>
        <source>%1 concrete functions</source>
        <translation>%1 个具体函数</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="198"/>
        <source>%1 identical retrace is collapsed into a repeated entry.</source>
        <translation>%1 次相同的重追踪已折叠为重复条目。</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="199"/>
        <source>%1 identical retraces are collapsed into repeated entries.</source>
        <translation>%1 次相同的重追踪已折叠为重复条目。</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="202"/>
        <source>Retrace warnings</source>
        <translation>重追踪警告</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="205"/>
        <source>Call %1:</source>
        <translation>第 %1 次调用：</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="216"/>
        <location filename="../views/retrace_log_view.cpp" line="241"/>
        <source>%1 graph node</source>
        <translation>%1 个图节点</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="216"/>
        <location filename="../views/retrace_log_view.cpp" line="241"/>
        <source>%1 graph nodes</source>
        <translation>%1 个图节点</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="218"/>
        <source>Ops</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="228"/>
        <source>%1: trace #%2 by get_concrete_function</source>
        <translation>%1：第 %2 次追踪，由 get_concrete_function 触发</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="229"/>
        <source>%1: trace #%2 at call %3</source>
        <translation>%1：第 %2 次追踪，发生在第 %3 次调用</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="235"/>
        <source>This entry stands for %1 identical retrace.</source>
        <translation>此条目代表 %1 次相同的重追踪。</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="236"/>
        <source>This entry stands for %1 identical retraces.</source>
        <translation>此条目代表 %1 次相同的重追踪。</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="239"/>
        <source>Called from %1</source>
        <translation>调用位置：%1</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="240"/>
        <source>%1 ms to trace</source>
        <translation>追踪用时 %1 毫秒</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="243"/>
        <source>Why it traced</source>
        <translation>追踪原因</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="249"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="249"/>
        <source>Argument</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="249"/>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="257"/>
        <source>Suggestion</source>
        <translation>建议</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="259"/>
        <source>Ops in the traced graph</source>
        <translation>追踪所得计算图中的算子</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="261"/>
        <source>Ops in called library functions</source>
        <translation>所调用的库函数中的算子</translation>
    </message>
</context>
<context>
    <name>graphlens::views::SearchPanel</name>
    <message>
        <location filename="../views/search_panel.cpp" line="19"/>
        <source>Names</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="20"/>
        <source>Ops</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="21"/>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="22"/>
        <source>Aa</source>
        <translation>Aa</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="28"/>
        <source>Regular expression, e.g. conv.*relu|Mixed_6</source>
        <translation>正则表达式，例如 conv.*relu|Mixed_6</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="32"/>
        <source>Case sensitive</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="125"/>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="128"/>
        <source>Searching</source>
        <translation>正在搜索</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="132"/>
        <source>First %1 matches of %2 nodes searched</source>
        <translation>前 %1 个匹配项，共搜索 %2 个节点</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search_panel.cpp" line="133"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配项</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="133"/>
        <source> in %1 nodes</source>
        <translation>，共搜索 %1 个节点</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="141"/>
        <source>Invalid pattern: %1</source>
        <translation>无效的模式：%1</translation>
    </message>
</context>
<context>
    <name>graphlens::views::SearchResultsModel</name>
    <message>
        <location filename="../views/search_results_model.cpp" line="77"/>
        <source>%1
%2 in %3, matched on %4</source>
        <translation>%1
%2，位于 %3，匹配字段：%4</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="93"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="95"/>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="97"/>
        <source>In</source>
        <translation>位于</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="99"/>
        <source>Matched</source>
        <translation>匹配字段</translation>
    </message>
</context>
<context>
    <name>graphlens::views::TensorTableModel</name>
    <message>
        <location filename="../views/tensor_table_model.cpp" line="85"/>
        <source>element %1: %2</source>
        <translation>元素 %1：%2</translation>
    </message>
</context>
<context>
    <name>graphlens::views::TracesChart</name>
    <message>
        <location filename="../views/traces_chart.cpp" line="112"/>
        <source>Call</source>
        <translation>调用</translation>
    </message>
    <message>
        <location filename="../views/traces_chart.cpp" line="115"/>
        <source>Traces</source>
        <translation>追踪次数</translation>
    </message>
    <message>
        <location filename="../views/traces_chart.cpp" line="146"/>
        <source>Retrace warning</source>
        <translation>重追踪警告</translation>
    </message>
</context>
</TS>
