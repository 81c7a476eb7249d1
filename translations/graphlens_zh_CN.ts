<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AttributeModel</name>
    <message>
        <location filename="../views/attribute_model.cpp" line="88"/>
        <source>Open function %1</source>
        <translation>打开函数 %1</translation>
    </message>
    <message>
        <location filename="../views/attribute_model.cpp" line="110"/>
        <source>Attribute</source>
        <translation>属性</translation>
    </message>
    <message>
        <location filename="../views/attribute_model.cpp" line="110"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>GraphPanel</name>
    <message>
        <location filename="../views/graph_panel.cpp" line="30"/>
        <source>Signature:</source>
        <translation>签名：</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="33"/>
        <source>Show only what a SignatureDef&apos;s outputs depend on</source>
        <translation>仅显示 SignatureDef 的输出所依赖的部分</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="61"/>
        <source>%1 items · %2 edges</source>
        <translation>%1 项 · %2 条边</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="62"/>
        <source> · %1 nodes outside the signature hidden</source>
        <translation> · 已隐藏签名之外的 %1 个节点</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="74"/>
        <source>(whole graph)</source>
        <translation>（整个图）</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="95"/>
        <source>No model</source>
        <translation>无模型</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="108"/>
        <source>Main graph</source>
        <translation>主图</translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message>
        <location filename="../views/graph_view.cpp" line="57"/>
        <location filename="../views/graph_view.cpp" line="96"/>
        <source>Open a TensorFlow model: File ▸ Open, or drop a file or folder here.</source>
        <translation>打开 TensorFlow 模型：文件 ▸ 打开，或将文件或文件夹拖放到此处。</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="61"/>
        <source>Laying out… %1% (%2)</source>
        <translation>正在布局… %1%（%2）</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="95"/>
        <source>This file holds no graph.</source>
        <translation>此文件不包含图。</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="228"/>
        <source>Laying out the graph</source>
        <translation>正在对图进行布局</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="534"/>
        <source>Collapse</source>
        <translation>折叠</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="534"/>
        <source>Expand in place</source>
        <translation>就地展开</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="536"/>
        <source>Cannot expand: %1</source>
        <translation>无法展开：%1</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="540"/>
        <source>Open function %1</source>
        <translation>打开函数 %1</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="545"/>
        <source>Copy name</source>
        <translation>复制名称</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="549"/>
        <source>Fit to window</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="550"/>
        <source>Collapse all</source>
        <translation>全部折叠</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="551"/>
        <source>Back to the main graph</source>
        <translation>返回主图</translation>
    </message>
</context>
<context>
    <name>JobProgressWidget</name>
    <message>
        <location filename="../views/job_progress_widget.cpp" line="18"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="51"/>
        <source>GraphLens</source>
        <translation>GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="69"/>
        <source>Open a TensorFlow model: File ▸ Open, or drop a file or folder on the window.</source>
        <translation>打开 TensorFlow 模型：文件 ▸ 打开，或将文件或文件夹拖放到窗口上。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="79"/>
        <source>Layout failed: %1</source>
        <translation>布局失败：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="85"/>
        <source>Loading %1: %2 (%3%)</source>
        <translation>正在加载 %1：%2（%3%）</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="116"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="117"/>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="118"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="127"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="128"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="130"/>
        <source>Open a TensorFlow model</source>
        <translation>打开 TensorFlow 模型</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="131"/>
        <source>TensorFlow files (*.pb *.pbtxt *.meta *.index *tfevents* saved_model.pb);;All files (*)</source>
        <translation>TensorFlow 文件 (*.pb *.pbtxt *.meta *.index *tfevents* saved_model.pb);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="134"/>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="135"/>
        <source>Open a SavedModel folder</source>
        <translation>打开 SavedModel 文件夹</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="138"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="141"/>
        <source>&amp;Export View…</source>
        <translation>导出视图(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="142"/>
        <source>Export &amp;Whole Graph…</source>
        <translation>导出整个图(&amp;W)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="145"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="148"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="149"/>
        <source>&amp;Fit to Window</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="150"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="151"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="152"/>
        <source>Actual &amp;Size</source>
        <translation>实际大小(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="154"/>
        <source>&amp;Minimap</source>
        <translation>小地图(&amp;M)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="159"/>
        <source>&amp;Collapse All</source>
        <translation>全部折叠(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="160"/>
        <source>&amp;Back to Main Graph</source>
        <translation>返回主图(&amp;B)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="161"/>
        <source>&amp;Find Node…</source>
        <translation>查找节点(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="166"/>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="169"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="174"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="178"/>
        <source>Main graph</source>
        <translation>主图</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="179"/>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="180"/>
        <source>Zoom +</source>
        <translation>放大</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="181"/>
        <source>Zoom −</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="182"/>
        <source>Collapse all</source>
        <translation>全部折叠</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="185"/>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="190"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="191"/>
        <source>&amp;About GraphLens</source>
        <translation>关于 GraphLens(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="192"/>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="197"/>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="200"/>
        <source>Loading %1</source>
        <translation>正在加载 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="205"/>
        <source>Loaded %1</source>
        <translation>已加载 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="210"/>
        <source>Loading %1 cancelled</source>
        <translation>已取消加载 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="227"/>
        <source>%1 — GraphLens</source>
        <translation>%1 — GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="238"/>
        <source> · %1 nodes · %2 functions · %3 signatures · %4 variables</source>
        <translation> · %1 个节点 · %2 个函数 · %3 个签名 · %4 个变量</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="248"/>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="249"/>
        <source>GraphLens could not read this file.</source>
        <translation>GraphLens 无法读取此文件。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="275"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="278"/>
        <source>Clear List</source>
        <translation>清除列表</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="288"/>
        <source>Nothing to export yet.</source>
        <translation>暂无可导出的内容。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="292"/>
        <source>Export the whole graph</source>
        <translation>导出整个图</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="292"/>
        <source>Export the view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="294"/>
        <source>SVG image (*.svg);;PNG image (*.png);;Graphviz DOT (*.dot)</source>
        <translation>SVG 图像 (*.svg);;PNG 图像 (*.png);;Graphviz DOT (*.dot)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="303"/>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="304"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="336"/>
        <source>About GraphLens</source>
        <translation>关于 GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="337"/>
        <source>&lt;h3&gt;GraphLens %1&lt;/h3&gt;&lt;p&gt;A native inspector for TensorFlow models: SavedModels, GraphDefs, meta graphs, checkpoints and event files.&lt;/p&gt;&lt;p&gt;Name scopes and function calls expand in place; layout runs in the background and is cached per group.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;GraphLens %1&lt;/h3&gt;&lt;p&gt;TensorFlow 模型的原生检查器：支持 SavedModel、GraphDef、元图、检查点和事件文件。&lt;/p&gt;&lt;p&gt;名称作用域和函数调用可就地展开；布局在后台运行，并按分组缓存。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>Minimap</name>
    <message>
        <location filename="../views/minimap.cpp" line="16"/>
        <source>Overview: click or drag to move the view</source>
        <translation>概览：单击或拖动以移动视图</translation>
    </message>
</context>
<context>
    <name>ModelBrowserModel</name>
    <message>
        <location filename="../views/model_browser_model.cpp" line="63"/>
        <source>Meta graph %1</source>
        <translation>元图 %1</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="64"/>
        <source>no tags</source>
        <translation>无标签</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="65"/>
        <location filename="../views/model_browser_model.cpp" line="140"/>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="74"/>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="75"/>
        <source>%1 tensors</source>
        <translation>%1 个张量</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="101"/>
        <source>Signatures</source>
        <translation>签名</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="108"/>
        <source>%1 in, %2 out</source>
        <translation>%1 个输入，%2 个输出</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="110"/>
        <source>Double-click to show only what this signature computes</source>
        <translation>双击以仅显示此签名所计算的部分</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="130"/>
        <source>Functions</source>
        <translation>函数</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="137"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="143"/>
        <source>%1 call sites in the graph, %2 callers, nesting depth %3%4</source>
        <translation>图中有 %1 个调用点，%2 个调用者，嵌套深度 %3%4</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="147"/>
        <source>, recursive</source>
        <translation>，递归</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="151"/>
        <source>Variables</source>
        <translation>变量</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="163"/>
        <source>trainable</source>
        <translation>可训练</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="163"/>
        <source>not trainable</source>
        <translation>不可训练</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="164"/>
        <source>; checkpoint key %1</source>
        <translation>；检查点键 %1</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="170"/>
        <source>Assets</source>
        <translation>资源文件</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="177"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="239"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="240"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="241"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
</context>
<context>
    <name>NodeInspector</name>
    <message>
        <location filename="../views/node_inspector.cpp" line="83"/>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="83"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="83"/>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="83"/>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="127"/>
        <source>&lt;span style=&apos;color:#606f7a&apos;&gt;Select a node in the graph to inspect it.&lt;/span&gt;</source>
        <translation>&lt;span style='color:#606f7a'&gt;在图中选择一个节点以查看其详情。&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="145"/>
        <source>Series</source>
        <translation>序列</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="145"/>
        <source>Name scope</source>
        <translation>名称作用域</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="146"/>
        <source>Function body</source>
        <translation>函数体</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="166"/>
        <source>main graph</source>
        <translation>主图</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="167"/>
        <source>function %1</source>
        <translation>函数 %1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="176"/>
        <source> · device %1</source>
        <translation> · 设备 %1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="179"/>
        <source>Calls:</source>
        <translation>调用：</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="195"/>
        <source>Inputs (%1)</source>
        <translation>输入（%1）</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="203"/>
        <source> (missing)</source>
        <translation>（缺失）</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="203"/>
        <source>(missing)</source>
        <translation>（缺失）</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="216"/>
        <source>^control</source>
        <translation>^control</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="230"/>
        <source>Outputs (%1)</source>
        <translation>输出（%1）</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="239"/>
        <source>(unused)</source>
        <translation>（未使用）</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="240"/>
        <source> +%1 more</source>
        <translation>，另有 %1 个</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="270"/>
        <source>values not available</source>
        <translation>值不可用</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="276"/>
        <source> · min %1 · max %2</source>
        <translation> · 最小值 %1 · 最大值 %2</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="284"/>
        <source>Value: %1 %2</source>
        <translation>值：%1 %2</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="286"/>
        <source>Reading the value…</source>
        <translation>正在读取值…</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="289"/>
        <source>Reading a constant</source>
        <translation>正在读取常量</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="294"/>
        <source>Cannot read the value: %1</source>
        <translation>无法读取值：%1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="299"/>
        <source>Variable %1: %2, %3</source>
        <translation>变量 %1：%2，%3</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="301"/>
        <source> — no checkpoint with this variable was loaded</source>
        <translation> — 未加载包含此变量的检查点</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="304"/>
        <source>Reading %1 from the checkpoint…</source>
        <translation>正在从检查点读取 %1…</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="307"/>
        <source>Reading a variable</source>
        <translation>正在读取变量</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="312"/>
        <source>Cannot read the variable: %1</source>
        <translation>无法读取变量：%1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../views/graph_export.cpp" line="27"/>
        <location filename="../views/graph_export.cpp" line="45"/>
        <source>There is nothing to export.</source>
        <translation>没有可导出的内容。</translation>
    </message>
    <message>
        <location filename="../views/graph_export.cpp" line="35"/>
        <location filename="../views/graph_export.cpp" line="39"/>
        <location filename="../views/graph_export.cpp" line="60"/>
        <location filename="../views/graph_export.cpp" line="65"/>
        <location filename="../views/graph_export.cpp" line="68"/>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <location filename="../views/graph_export.cpp" line="53"/>
        <source>Not enough memory for a %1×%2 image.</source>
        <translation>内存不足，无法创建 %1×%2 的图像。</translation>
    </message>
</context>
<context>
    <name>QtConcurrent</name>
    <message>
        <location filename="../views/job_runner.h" line="96"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../views/job_runner.h" line="100"/>
        <source>Unknown error</source>
        <translation>未知错误</translation>
    </message>
</context>
<context>
    <name>SearchPanel</name>
    <message>
        <location filename="../views/search_panel.cpp" line="17"/>
        <source>Names</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="18"/>
        <source>Ops</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="18"/>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="19"/>
        <source>Aa</source>
        <translation>Aa</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="21"/>
        <source>Regular expression, e.g. conv.*relu|Mixed_6</source>
        <translation>正则表达式，例如 conv.*relu|Mixed_6</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="25"/>
        <source>Case sensitive</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="115"/>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="118"/>
        <source>Searching</source>
        <translation>正在搜索</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="121"/>
        <source>First %1 matches of %2 nodes searched</source>
        <translation>前 %1 个匹配项，共搜索 %2 个节点</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search_panel.cpp" line="122"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配项</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="123"/>
        <source> in %1 nodes</source>
        <translation>，共搜索 %1 个节点</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="131"/>
        <source>Invalid pattern: %1</source>
        <translation>无效的模式：%1</translation>
    </message>
</context>
<context>
    <name>SearchResultsModel</name>
    <message>
        <location filename="../views/search_results_model.cpp" line="68"/>
        <source>%1
%2 in %3, matched on %4</source>
        <translation>%1
%2，位于 %3，匹配字段：%4</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="80"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="81"/>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="82"/>
        <source>In</source>
        <translation>位于</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="83"/>
        <source>Matched</source>
        <translation>匹配字段</translation>
    </message>
</context>
<context>
    <name>TensorTableModel</name>
    <message>
        <location filename="../views/tensor_table_model.cpp" line="82"/>
        <source>element %1: %2</source>
        <translation>元素 %1：%2</translation>
    </message>
</context>
<context>
    <name>WarningBar</name>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="18"/>
        <source>Details…</source>
        <translation>详情…</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="23"/>
        <source>Dismiss</source>
        <translation>忽略</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="32"/>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="48"/>
        <source>%1 was read in part: %2</source>
        <translation>%1 仅部分读取：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="49"/>
        <source>%1 was read in part (%2 warnings): %3</source>
        <translation>%1 仅部分读取（%2 条警告）：%3</translation>
    </message>
</context>
</TS>
